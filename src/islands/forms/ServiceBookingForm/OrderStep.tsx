/**
 * Service booking, Order Details: location, interval, type, date, the optional address,
 * tyre quote, additional services ('(check_option)'), comments and consent.
 */
import { CHECK_OPTION_SUFFIX } from '../../../lib/forms/service-booking.ts';
import { AU_STATES } from '../../../schemas/forms/fields.ts';
import { CheckboxField, SelectField, TextAreaField, TextField, type FormKit } from '../../ui/form-kit/index.ts';
import { ConsentFields } from '../shared-fields.tsx';
import type { ServiceBookingFormProps } from './use-service-booking.ts';

/** `earliestDate`: the first Preferred Service Date the booking takes (the dealer's tomorrow), once the visitor's clock is known. */
export function OrderStep({ kit, props, earliestDate }: { kit: FormKit; props: ServiceBookingFormProps; earliestDate?: string }) {
  const { requirements } = props;
  return (
    <>
      {props.locations.length > 0 && (
        <SelectField
          kit={kit}
          name="location"
          label="Service Location"
          required={props.locations.length > 1}
          placeholder="Choose a location"
          options={props.locations.map((location) => ({ value: location.slug, label: location.name }))}
        />
      )}
      {props.intervals.length > 0 ? (
        <SelectField
          kit={kit}
          name="Service Interval"
          label="Service Interval"
          required={requirements.intervalRequired}
          placeholder="Choose a service interval"
          options={props.intervals}
        />
      ) : (
        <TextField kit={kit} name="Service Interval" label="Service Interval" required={requirements.intervalRequired} maxLength={80} />
      )}
      {props.types.length > 0 && (
        <SelectField
          kit={kit}
          name="Service Type"
          label="Service Type"
          required={requirements.typeRequired}
          placeholder="Choose a service type"
          options={props.types}
        />
      )}
      <TextField kit={kit} name="Preferred Service Date" label="Preferred Service Date" type="date" min={earliestDate} />
      {props.addressFields && (
        <fieldset className="field">
          <legend>Your address (optional)</legend>
          <TextField kit={kit} name="street" label="Street Address" autoComplete="street-address" maxLength={120} />
          <div className="form__row">
            <TextField kit={kit} name="suburb" label="Suburb" autoComplete="address-level2" maxLength={80} />
            <SelectField
              kit={kit}
              name="state"
              label="State or Territory"
              autoComplete="address-level1"
              placeholder="Choose a state"
              options={AU_STATES.map((state) => state.toUpperCase())}
            />
          </div>
        </fieldset>
      )}
      {props.tyreQuote && <CheckboxField kit={kit} name="tyre_quote" label="I would also like a tyre quote" />}
      {props.additionalServices.length > 0 && (
        <fieldset className="field">
          <legend>Additional services</legend>
          {props.additionalServices.map((service) => (
            <CheckboxField key={service} kit={kit} name={`${service}${CHECK_OPTION_SUFFIX}`} label={service} />
          ))}
        </fieldset>
      )}
      <TextAreaField kit={kit} name="Comments" label="Comments" maxLength={5000} />
      <ConsentFields kit={kit} config={props.config} purpose="service" notice={false} />
    </>
  );
}
