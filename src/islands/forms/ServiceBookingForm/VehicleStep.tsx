/** Service booking, Vehicle Details: make, model and year required; rego first on the minimal and custom variants. */
import type { ServiceVariant } from '../../../lib/forms/service-booking.ts';
import { AU_STATES } from '../../../schemas/forms/fields.ts';
import { SelectField, TextField, type FormKit } from '../../ui/form-kit/index.ts';

export function VehicleStep({ kit, variant, makes }: { kit: FormKit; variant: ServiceVariant; makes?: readonly string[] }) {
  return (
    <>
      {variant !== 'standard' && <TextField kit={kit} name="Rego" label="Rego" maxLength={12} autoComplete="off" className="field--short" />}
      <div className="form__row">
        <TextField kit={kit} name="Vehicle Make" label="Vehicle Make" required maxLength={60} suggestions={makes} />
        <TextField kit={kit} name="Model" label="Model" required maxLength={60} />
      </div>
      <div className="form__row">
        <TextField kit={kit} name="Year" label="Year" required inputMode="numeric" maxLength={4} />
        {variant === 'standard' && <TextField kit={kit} name="Rego" label="Rego" maxLength={12} autoComplete="off" />}
        {variant !== 'minimal' && (
          <SelectField
            kit={kit}
            name="State"
            label={variant === 'custom' ? 'Rego State' : 'State'}
            placeholder="Choose a state"
            options={AU_STATES.map((state) => state.toUpperCase())}
          />
        )}
      </div>
    </>
  );
}
