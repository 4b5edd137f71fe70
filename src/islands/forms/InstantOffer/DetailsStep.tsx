/** Instant offer, last step: the car's details and the shopper's contact (all required, spec §5), with the honeypot. */
import type { FormLocation, FormSiteConfig } from '../../../lib/forms/form-config.ts';
import { DEFAULT_KM_PRESETS } from '../../../lib/forms/money-input.ts';
import { CONDITION_OPTIONS } from '../../../schemas/forms/instant-offer.ts';
import { HONEYPOT_FIELD } from '../../../schemas/lead.ts';
import { AmountField, SelectField, TextAreaField, TextField, type FormKit } from '../../ui/form-kit/index.ts';
import { ContactRows, TRADE_IN_CONTACT_ROWS } from '../shared-fields.tsx';

export interface DetailsStepProps {
  kit: FormKit;
  config: FormSiteConfig;
  locations: readonly FormLocation[];
  /** The looked-up car's description, when the lookup found one. */
  vehicleText: string | null;
}

export function DetailsStep({ kit, config, locations, vehicleText }: DetailsStepProps) {
  return (
    <>
      {vehicleText !== null && <p>Vehicle: {vehicleText}</p>}
      <div className="form__row">
        <TextField kit={kit} name="postcode" label="Postcode" required inputMode="numeric" maxLength={4} autoComplete="postal-code" />
        <AmountField kit={kit} name="odometer" label="Odometer" kind="km" required presets={DEFAULT_KM_PRESETS} />
      </div>
      <div className="form__row">
        <SelectField kit={kit} name="service_history" label="Service History" required placeholder="Choose one" options={CONDITION_OPTIONS.service_history} />
        <SelectField kit={kit} name="number_of_keys" label="Number of Keys" required placeholder="Choose one" options={CONDITION_OPTIONS.number_of_keys} />
        <SelectField kit={kit} name="car_condition" label="Condition" required placeholder="Choose one" options={CONDITION_OPTIONS.car_condition} />
      </div>
      <TextAreaField kit={kit} name="comments" label="Comments" required maxLength={5000} />
      <ContactRows kit={kit} rows={TRADE_IN_CONTACT_ROWS} />
      {locations.length > 1 && (
        <SelectField
          kit={kit}
          name="location_id"
          label="Preferred Location"
          placeholder="Any location"
          options={locations.map((entry) => ({ value: entry.id, label: entry.name }))}
        />
      )}
      {/* Honeypot (spec §3 trade-in "hidden field"): invisible to people, filled by bots. */}
      <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
        <label htmlFor={kit.fieldId(HONEYPOT_FIELD)}>Leave this empty</label>
        <input
          id={kit.fieldId(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={String(kit.values[HONEYPOT_FIELD] ?? '')}
          onChange={(event) => kit.set(HONEYPOT_FIELD, event.target.value)}
        />
      </div>
      <p className="form__consent">
        By submitting this form, I agree to the {config.brand} <a href={config.privacyHref}>Privacy Policy</a>.
      </p>
    </>
  );
}
