/**
 * Finance forms (spec §2 /finance, /finance-enquiry, /apply-for-finance,
 * /finance-pre-approval, /personalised/finance): a finance enquiry lead with the contact
 * fields, the vehicle price budget (money input with presets) and the preferred
 * dealership. Finance links carry preferredDealership, vehiclePriceBudget, car_id,
 * car_type and vin in the URL; they prefill the form and travel with the lead.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { linkedCarId, useCarChoices } from './car-choices.ts';
import { CarChoicesFailed, useCarChoicesRetry } from './CarChoicesFailed.tsx';
import { checkForm, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent, type LeadCar } from '../../lib/forms/lead-payload.ts';
import { formatMoneyInput, parseWholeNumber } from '../../lib/forms/money-input.ts';
import { enquiryFormSchema } from '../../schemas/forms/enquiry.ts';
import { optionalText } from '../../schemas/forms/fields.ts';
import { EMPLOYMENT_STATUSES, FINANCE_SUBCATEGORY, asksEmployment as pageAsksEmployment, employmentStatus, type FinanceVariant } from '../../schemas/forms/finance.ts';
import { prefilled } from '../../stores/prefill.ts';
import { AmountField, ErrorSummary, FormAlert, SelectField, SubmitButton, TextAreaField, useFormKit } from '../ui/form-kit/index.ts';
import { completeLead, sendLead } from './lead-submit.ts';
import { notePageVisit } from './lead-traces.ts';
import { CONTACT_ORDER, ConsentFields, ContactFields, contactDefaults } from './shared-fields.tsx';

export type { FinanceVariant };

export interface FinanceFormProps {
  config: FormSiteConfig;
  variant: FinanceVariant;
  /** Where the cars a ?car_id= may name (id or slug) are read from: the site's CAR_CHOICES_PATH (src/islands/forms/car-choices.ts). */
  carChoicesUrl?: string;
  formId?: string;
  /** The dealerships the lead API takes as a lead's dealership_slug (leadDealershipSlugs: the site's, its locations', its cars'): a linked dealership outside them travels in custom_params only. */
  dealershipSlugs: readonly string[];
}

export default function FinanceForm(props: FinanceFormProps) {
  const { config, variant } = props;
  const choices = useCarChoices(props.carChoicesUrl);
  const { cars, loaded } = choices;
  const formId = props.formId ?? 'finance-form';
  // Try again (the list failed to load) fills the car and budget as a first load does; focus goes to the car's line.
  const retryChoices = useCarChoicesRetry(choices, () => document.getElementById(`${formId}-car-line`));
  const asksEmployment = pageAsksEmployment(variant);
  const dealerChoices = config.dealerships.length > 1 ? config.dealerships.map((entry) => ({ value: entry.slug, label: entry.name })) : [];
  const kit = useFormKit(formId, () => ({ ...contactDefaults(config), vehiclePriceBudget: '', preferredDealership: '', employment_status: '', message: '', terms_conditions: false }));
  const [car, setCar] = useState<LeadCar | null>(null);
  // What the link carries beside the fields; its dealership only where the form has no dealership select to prefill.
  const [linked, setLinked] = useState<{ vin?: string; car_type?: string; car_id?: string; dealership?: string }>({});

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const carId = query.get('car_id') ?? '';
    const dealer = query.get('preferredDealership') ?? '';
    const dealership = dealerChoices.length === 0 && dealer ? dealer : undefined;
    setLinked({ vin: query.get('vin') ?? undefined, car_type: query.get('car_type') ?? undefined, car_id: carId || undefined, dealership });
    const budget = query.get('vehiclePriceBudget');
    kit.fillBlanks({
      ...prefilled({ name: '', last_name: '', email: '', phone: '', postcode: '' }),
      vehiclePriceBudget: budget ? formatMoneyInput(budget) : '',
      preferredDealership: dealerChoices.some((choice) => choice.value === dealer) ? dealer : '',
    });
    notePageVisit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration: what the shopper typed or remembered is applied a single time, never over later input
  }, []);
  // The car named by ?car_id=, once the site's car choices have loaded (again after Try again); the price its page leads with (headline_price) fills a blank budget.
  useEffect(() => {
    if (!loaded) return;
    const carId = linkedCarId() ?? '';
    const found = cars?.find((entry) => String(entry.id) === carId || entry.slug === carId) ?? null;
    setCar(found);
    if (found?.headline_price) kit.fillBlanks({ vehiclePriceBudget: formatMoneyInput(String(found.headline_price.amount)) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the car choices have loaded (first time or after Try again): a budget typed meanwhile is not replaced
  }, [loaded]);

  const schema = useMemo(
    () =>
      v.object({
        ...enquiryFormSchema({ commentsRequired: false, termsRequired: config.termsRequired }).entries,
        vehiclePriceBudget: v.optional(v.pipe(v.string(), v.check((text) => text.trim() === '' || parseWholeNumber(text) !== null, 'Please enter an amount such as $25,000.'))),
        preferredDealership: optionalText(120),
        employment_status: employmentStatus(asksEmployment),
      }),
    [config.termsRequired, asksEmployment],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    const check = checkForm(schema, withoutBlanks(kit.values, ['PreferredContactMethod']));
    if (!check.ok) return kit.fail(check.errors);
    kit.clearErrors();
    kit.setSubmitting(true);
    const { vehiclePriceBudget, preferredDealership, employment_status, ...rest } = check.output as Record<string, unknown>;
    const budget = parseWholeNumber(String(vehiclePriceBudget ?? ''));
    const custom: Record<string, string | number> = {};
    if (budget !== null) custom.vehiclePriceBudget = budget;
    if (preferredDealership) custom.preferredDealership = String(preferredDealership);
    else if (linked.dealership) custom.preferredDealership = linked.dealership.slice(0, 120);
    if (employment_status) custom.employment_status = String(employment_status);
    if (linked.vin) custom.vin = linked.vin.slice(0, 40);
    if (linked.car_type) custom.car_type = linked.car_type.slice(0, 20);
    if (linked.car_id && !car) custom.linked_car_id = linked.car_id.slice(0, 80);
    const values: Record<string, unknown> = { ...rest, custom_params: custom };
    if (preferredDealership) values.dealership_slug = preferredDealership;
    // Without its car (the list failed to load, or the car is not in it) the link's dealership (a Get Finance link's is the car's) is the lead's, when it is one of this site's.
    else if (!car && linked.dealership && props.dealershipSlugs.includes(linked.dealership)) values.dealership_slug = linked.dealership;
    const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values, category: 'Finance Enquiry', subcategory: FINANCE_SUBCATEGORY[variant], car, formCompleted: true });
    if (!result.ok) {
      kit.setSubmitting(false);
      kit.reject(result);
      return;
    }
    completeLead({ leadId: result.leadId, category: 'Finance Enquiry', event: leadAnalyticsEvent('enquiry', car), car, values: kit.values, labels: kit.labels.current });
  };

  return (
    <form ref={kit.formRef} id="finance-form" className="dealer-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-heading`}>
      <h2 id={`${formId}-heading`}>{variant === 'pre-approval' ? 'Get pre-approved' : variant === 'apply' ? 'Apply for finance' : 'Finance enquiry'}</h2>
      {car && (
        <p id={`${formId}-car-line`} className="muted" tabIndex={-1}>
          Finance for the {car.name}
        </p>
      )}
      {/* The car is optional here: a quiet note, the form still sends (with the link's car id, linked_car_id). */}
      {!car && choices.failed && linked.car_id && (
        <p className="muted">
          <CarChoicesFailed choices={choices} retry={retryChoices} id={`${formId}-car-choices`} quiet />
        </p>
      )}
      <ErrorSummary kit={kit} fieldOrder={[...CONTACT_ORDER, 'vehiclePriceBudget', 'preferredDealership', 'employment_status', 'message', 'terms_conditions']} />
      <ContactFields kit={kit} />
      <AmountField kit={kit} name="vehiclePriceBudget" label="Vehicle Price Budget" kind="money" presets={config.moneyPresets} />
      {dealerChoices.length > 0 && <SelectField kit={kit} name="preferredDealership" label="Preferred Dealership" placeholder="Any dealership" options={dealerChoices} />}
      {asksEmployment && <SelectField kit={kit} name="employment_status" label="Employment Status" required placeholder="Choose one" options={EMPLOYMENT_STATUSES} />}
      <TextAreaField kit={kit} name="message" label="Comments" maxLength={5000} />
      <ConsentFields kit={kit} config={config} purpose="finance" />
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label={variant === 'apply' ? 'Apply Now' : variant === 'pre-approval' ? 'Get Pre-Approved' : 'Send Enquiry'} />
      </div>
    </form>
  );
}
