/**
 * Enquiry form (spec §5 "Enquiry form"): Enquire Now / Quick Enquiry modals, /contact,
 * /contact-us, /contact-us/{locationSlug} and the finance enquiry pages. Category
 * (default General Enquiry) and subcategory, contact fields, Comments (required unless
 * the site switches it off), location and dealership selects when shown (a single
 * location preselected; its dealership_slug copied where the site says so), opt-in,
 * Rego, PreferredContactMethod, finance and trade-in Yes/No, terms or consent notice.
 */
import { useEffect, useMemo, type FormEvent } from 'react';
import { dealershipForLocation, preselectedLocation, type FormLocation, type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { checkForm, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent, type LeadCar } from '../../lib/forms/lead-payload.ts';
import { enquiryFormSchema } from '../../schemas/forms/enquiry.ts';
import { prefilled } from '../../stores/prefill.ts';
import { ErrorSummary, FormAlert, RadioGroupField, SelectField, SubmitButton, TextAreaField, TextField, useFormKit } from '../ui/form-kit/index.ts';
import { completeLead, sendLead } from './lead-submit.ts';
import { notePageVisit } from './lead-traces.ts';
import { CONTACT_ORDER, ConsentFields, ContactFields, contactDefaults } from './shared-fields.tsx';

/** Radio groups that may be left unanswered. */
const OPTIONAL_CHOICES = ['PreferredContactMethod', 'finance', 'do-you-have-a-trade-in'];

export interface EnquiryFormProps {
  config: FormSiteConfig;
  /** Unique per page. */
  formId?: string;
  car?: LeadCar | null;
  /** Category sent; default 'General Enquiry'. */
  category?: string;
  /** Show the category select with these options. */
  categories?: readonly string[];
  subcategory?: string;
  /** Locations offered in the location select (none: no select). */
  locations?: FormLocation[];
  /** Preselected location slug (e.g. /contact-us/{locationSlug}). */
  locationSlug?: string;
  /** Show the dealership select (groups with several dealerships). */
  showDealership?: boolean;
  /** Hide Rego, contact method and Yes/No questions (Quick Enquiry). */
  compact?: boolean;
  /** Comments required; default the site's setting. */
  commentsRequired?: boolean;
  submitLabel?: string;
  heading?: string;
}

export default function EnquiryForm(props: EnquiryFormProps) {
  const { config, car } = props;
  const formId = props.formId ?? 'enquiry';
  const locations = props.locations ?? [];
  const commentsRequired = props.commentsRequired ?? config.commentsRequired;
  const showDealership = Boolean(props.showDealership) && config.dealerships.length > 1;
  const kit = useFormKit(formId, () => ({
    ...contactDefaults(config),
    category: props.category ?? 'General Enquiry',
    message: '',
    location: props.locationSlug ?? preselectedLocation(locations),
    dealership_slug: '',
    Rego: '',
    finance: '',
    'do-you-have-a-trade-in': '',
    terms_conditions: false,
  }));
  // Remembered details are applied after hydration so the server HTML and the first render agree.
  useEffect(() => {
    kit.fillBlanks(prefilled({ name: '', last_name: '', email: '', phone: '', postcode: '' }));
    // Links such as /contact-us?category=Service%20Enquiry open the form on that category.
    const wanted = new URLSearchParams(location.search).get('category');
    if (wanted && props.categories?.includes(wanted)) kit.set('category', wanted);
    notePageVisit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration: what the shopper typed or remembered is applied a single time, never over later input
  }, []);
  const schema = useMemo(
    () => enquiryFormSchema({ commentsRequired, termsRequired: config.termsRequired, locationRequired: locations.length > 0, dealershipRequired: showDealership }),
    [commentsRequired, config.termsRequired, locations.length, showDealership],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    const check = checkForm(schema, withoutBlanks(kit.values, OPTIONAL_CHOICES));
    if (!check.ok) {
      kit.fail(check.errors);
      return;
    }
    kit.clearErrors();
    kit.setSubmitting(true);
    const output: Record<string, unknown> = { ...check.output };
    const copied = dealershipForLocation(locations, String(kit.values.location ?? ''), config.copyLocationDealership);
    if (copied && !output.dealership_slug) output.dealership_slug = copied;
    const category = String(output.category ?? 'General Enquiry');
    const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values: output, category, subcategory: props.subcategory, car, formCompleted: true });
    if (!result.ok) {
      kit.setSubmitting(false);
      kit.reject(result);
      return;
    }
    completeLead({ leadId: result.leadId, category, event: leadAnalyticsEvent('enquiry', car), car, values: kit.values, labels: kit.labels.current });
  };

  const order = ['category', ...CONTACT_ORDER, 'location', 'dealership_slug', 'Rego', 'finance', 'do-you-have-a-trade-in', 'message', 'terms_conditions'];
  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby={props.heading ? `${formId}-heading` : undefined}>
      {props.heading && <h2 id={`${formId}-heading`}>{props.heading}</h2>}
      <ErrorSummary kit={kit} fieldOrder={order} />
      {props.categories && props.categories.length > 0 && <SelectField kit={kit} name="category" label="Enquiry Type" required options={props.categories} />}
      <ContactFields kit={kit} preferredContact={!props.compact} />
      {locations.length > 0 && (
        <SelectField kit={kit} name="location" label="Location" required placeholder="Choose a location" options={locations.map((location) => ({ value: location.slug, label: location.name }))} />
      )}
      {showDealership && (
        <SelectField kit={kit} name="dealership_slug" label="Dealership" required placeholder="Choose a dealership" options={config.dealerships.map((dealership) => ({ value: dealership.slug, label: dealership.name }))} />
      )}
      {!props.compact && (
        <>
          <TextField kit={kit} name="Rego" label="Rego" maxLength={12} autoComplete="off" className="field--short" />
          <div className="form__row">
            <RadioGroupField kit={kit} name="finance" label="Do you need finance?" options={['Yes', 'No']} />
            <RadioGroupField kit={kit} name="do-you-have-a-trade-in" label="Do you have a trade-in?" options={['Yes', 'No']} />
          </div>
        </>
      )}
      <TextAreaField kit={kit} name="message" label="Comments" required={commentsRequired} maxLength={5000} />
      <ConsentFields kit={kit} config={config} />
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label={props.submitLabel ?? 'Submit Enquiry'} />
      </div>
    </form>
  );
}
