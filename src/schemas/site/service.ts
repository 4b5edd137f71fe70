/** site.json `service`: service booking form settings (spec §2 service page, §4/§5 service booking). */
import * as v from 'valibot';
import { formText } from '../forms/fields.ts';

/** Select options as the form sends them (formText: one line, trimmed), so the page offers and the lead API accepts the same values. */
const options = v.optional(v.array(v.pipe(v.string(), v.transform(formText))), []);

export const ServiceSettingsSchema = v.strictObject({
  /** Service Interval options (e.g. '15,000 km / 12 months'). Default none (free text). */
  intervals: options,
  /** Service Interval must be given (spec "Service Interval required by config"). Default false. */
  interval_required: v.optional(v.boolean(), false),
  /** Service Type options; when any are configured the field is required. Default none. */
  types: options,
  /** Extra services offered as '(check_option)' checkboxes, sent as additional_services. Default none. */
  additional_services: v.optional(v.array(v.string()), []),
  /** Offer the tyre-quote checkbox. Default true. */
  tyre_quote: v.optional(v.boolean(), true),
  /**
   * Show the optional street, suburb and state fields of the booking (spec §3 "Service booking: ... optional street, suburb, state,
   * postcode"; the postcode is the contact postcode). Default: on for features.service_form 'custom', off otherwise.
   */
  address_fields: v.optional(v.boolean()),
  /** Size of the embedded booking iframe when xtime_url is set: 'fixed' 1000x920 or 'fluid' 100% x 800. Default 'fixed'. */
  iframe_size: v.optional(v.picklist(['fixed', 'fluid']), 'fixed'),
});

export type ServiceSettings = v.InferOutput<typeof ServiceSettingsSchema>;
