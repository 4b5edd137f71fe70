/** Instant offer: optional photos of the car, one upload per image (spec §5 limits: up to 10, each under 10 MB). */
import type { ChangeEvent } from 'react';
import { IMAGE_LIMITS } from '../../../schemas/api/trade-in.ts';
import type { FormKit } from '../../ui/form-kit/index.ts';

export interface ImagesStepProps {
  kit: FormKit;
  /** What the site buys ('car', 'motorcycle', 'bike or truck'). */
  noun?: string;
  uploaded: readonly string[];
  uploading: boolean;
  imageAlert: string;
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function ImagesStep({ kit, noun = 'car', uploaded, uploading, imageAlert, onFiles }: ImagesStepProps) {
  const id = kit.fieldId('images');
  return (
    <div className="field">
      <label htmlFor={id}>Photos of your {noun} (optional, up to {IMAGE_LIMITS.maxCount})</label>
      <p className="field__hint" id={`${id}-hint`}>
        JPEG, JPG, PNG, GIF or HEIC, each under 10MB.
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept=".jpeg,.jpg,.png,.gif,.heic,image/jpeg,image/png,image/gif,image/heic"
        onChange={onFiles}
        disabled={uploading}
        aria-describedby={`${id}-hint${imageAlert ? ` ${id}-alert` : ''}`}
      />
      {imageAlert && (
        <div className="alert alert--destructive" role="alert" id={`${id}-alert`} data-testid="image-alert">
          {imageAlert}
        </div>
      )}
      <p aria-live="polite" className="muted">
        {uploading ? 'Uploading…' : `${uploaded.length} of ${IMAGE_LIMITS.maxCount} photos uploaded`}
      </p>
      {uploaded.length > 0 && (
        <ul className="image-list" aria-label="Uploaded photos">
          {uploaded.map((name, index) => (
            <li key={`${name}-${index}`}>{name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
