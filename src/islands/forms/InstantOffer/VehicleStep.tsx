/** Instant offer step 1: the registration number and its state. */
import { AU_STATES } from '../../../schemas/forms/fields.ts';
import { SelectField, TextField, type FormKit } from '../../ui/form-kit/index.ts';

export function VehicleStep({ kit }: { kit: FormKit }) {
  return (
    <div className="form__row">
      <TextField kit={kit} name="rego" label="Registration Number" required maxLength={12} autoComplete="off" />
      <SelectField kit={kit} name="state" label="State" required options={AU_STATES.map((state) => ({ value: state, label: state.toUpperCase() }))} />
    </div>
  );
}
