/**
 * Instant offer (spec §4 "Instant offer", §5, §8) on /trade-in and /sell-my-car, and the
 * trade-in valuation of /cars/trade-in?car_id={id} (mode 'trade-in'): step 1 rego and
 * state; a candidate list to choose from ('* Please choose one car.'); an EvalID skips to
 * the image upload where the site has it (up to 10 images under 10 MB); the final step's
 * postcode, odometer, service history, keys, condition and comments update the valuation,
 * create the 'Trade-in Enquiry' lead and send the thank-you SMS. No match shows the
 * not-found panel with the phone, Contact and Back. In 'trade-in' mode the offer, the
 * car's reduced price and an Accept Offer button (the offer-accepted lead) follow.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { type FormLocation, type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { useCarChoices } from './car-choices.ts';
import { checkForm } from '../../lib/forms/form-validation.ts';
import { formatPhone, phoneHref } from '../../lib/text/format.ts';
import { afterChoose, afterEnterVin, INSTANT_OFFER_ERROR, NOT_FOUND_MESSAGES, stepTitles, thankYouSms, vehicleLabel, visibleSteps, type EvalVehicle, type InstantOfferStep } from '../../lib/forms/instant-offer.ts';
import type { LeadCar } from '../../lib/forms/lead-payload.ts';
import { DEFAULT_KM_PRESETS } from '../../lib/forms/money-input.ts';
import { HONEYPOT_FIELD } from '../../schemas/lead.ts';
import { AU_STATES, EnterVinSchema, FORM_MESSAGES, IMAGE_LIMITS, imageUploadProblem, InstantOfferDetailsSchema, TradeInLeadFormSchema } from '../../schemas/forms.ts';
import { prefilled } from '../../stores/prefill.ts';
import { callApi } from './api.ts';
import { AmountField, ErrorSummary, FormAlert, SelectField, SubmitButton, TextAreaField, TextField, useFormKit } from './form-kit.tsx';
import { completeLead, notePageVisit, sendLead } from './lead-submit.ts';
import { CollectionNotice, ContactRows, TRADE_IN_CONTACT_ROWS } from './shared-fields.tsx';
import { LEAD_MESSAGES } from '../../lib/forms/messages.ts';

export interface InstantOfferProps {
  config: FormSiteConfig;
  mode: 'instant-offer' | 'trade-in';
  /** Buying locations the shopper may choose (location_id). */
  locations: FormLocation[];
  /** 'trade-in' mode: where the cars the valuation may be set against, picked by ?car_id= (id or slug), are read from (the site's CAR_CHOICES_PATH). */
  carChoicesUrl?: string;
  formId?: string;
  /** What the site buys, in the step titles and labels ('car', 'motorcycle', 'bike or truck'). Default car. */
  vehicle?: string;
}

const SERVICE_HISTORY = ['Full service history', 'Partial service history', 'No service history'];
const KEYS = ['1', '2', '3 or more'];
const CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'];
const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });

export default function InstantOffer(props: InstantOfferProps) {
  const { config } = props;
  const noun = props.vehicle ?? 'car';
  const STEP_TITLES = stepTitles(noun);
  const { cars, loaded } = useCarChoices(props.carChoicesUrl);
  const formId = props.formId ?? 'instant-offer';
  const kit = useFormKit(formId, () => ({
    rego: '',
    state: config.defaultState,
    desc: '',
    postcode: '',
    odometer: '',
    service_history: '',
    number_of_keys: '',
    car_condition: '',
    comments: '',
    'First Name': '',
    last_name: '',
    'Mobile Number': '',
    'Email Address': '',
    location_id: props.locations.length === 1 ? props.locations[0]!.id : '',
    [HONEYPOT_FIELD]: '',
  }));
  const [step, setStep] = useState<InstantOfferStep>('vehicle');
  const [evalId, setEvalId] = useState<string | undefined>();
  const [vin, setVin] = useState<string | undefined>();
  const [candidates, setCandidates] = useState<string[]>([]);
  const [vehicle, setVehicle] = useState<EvalVehicle | undefined>();
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [imageAlert, setImageAlert] = useState('');
  const [uploading, setUploading] = useState(false);
  const [offer, setOffer] = useState<number | null>(null);
  // Audit 2.99: the server's reason for giving no online offer (car over the site's age or km limit).
  const [withheld, setWithheld] = useState<string | null>(null);
  const [leadId, setLeadId] = useState<string | undefined>();
  const [car, setCar] = useState<LeadCar | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);
  const fileInput = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    const remembered = prefilled({ name: '', last_name: '', email: '', phone: '', postcode: '' });
    kit.fillBlanks({ 'First Name': remembered.name, last_name: remembered.last_name, 'Email Address': remembered.email, 'Mobile Number': remembered.phone, postcode: remembered.postcode });
    notePageVisit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The car named by ?car_id=, once the site's car choices have loaded.
  useEffect(() => {
    if (!loaded || !cars) return;
    const wanted = new URLSearchParams(location.search).get('car_id');
    setCar(cars.find((entry) => String(entry.id) === wanted || entry.slug === wanted) ?? null);
  }, [loaded, cars]);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const go = (next: InstantOfferStep) => {
    moved.current = true;
    kit.clearErrors();
    kit.setFormError('');
    setStep(next);
  };
  const failWith = (message: string | undefined) => kit.setFormError(message || INSTANT_OFFER_ERROR);

  async function enterVin() {
    const check = checkForm(EnterVinSchema, { rego: kit.values.rego, state: kit.values.state });
    if (!check.ok) return kit.fail(check.errors);
    kit.setSubmitting(true);
    const result = await callApi<EvalVehicle[]>(config.apiBase, '/eval-expert/enter-vin', { body: check.output });
    kit.setSubmitting(false);
    if (!result.ok) return failWith(result.message);
    const outcome = afterEnterVin(Array.isArray(result.data) ? result.data : [], { imagesEnabled: config.instantOfferImages });
    setEvalId(outcome.evalId);
    setVin(outcome.vin);
    setCandidates(outcome.candidates);
    setVehicle(outcome.vehicle);
    go(outcome.step);
  }

  async function choose() {
    if (!kit.values.desc) return kit.fail({ desc: FORM_MESSAGES.chooseCar });
    kit.setSubmitting(true);
    const result = await callApi<(EvalVehicle & { vehicle?: EvalVehicle })[]>(config.apiBase, '/eval-expert/manual-entry', { body: { desc: kit.values.desc, vin, evalid: evalId } });
    kit.setSubmitting(false);
    if (!result.ok) {
      if (result.fieldErrors.desc) return kit.fail({ desc: result.fieldErrors.desc });
      return failWith(result.message);
    }
    const first = Array.isArray(result.data) ? result.data[0] : undefined;
    if (first) {
      setVehicle(first);
      if (first.EvalID) setEvalId(String(first.EvalID));
      if (first.VIN) setVin(String(first.VIN));
    }
    go(afterChoose({ imagesEnabled: config.instantOfferImages }));
  }

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    setImageAlert('');
    if (files.length === 0) return;
    const problem = imageUploadProblem(files, uploaded.length);
    if (problem) {
      setImageAlert(problem);
      event.target.value = '';
      return;
    }
    setUploading(true);
    for (const file of files) {
      const body = new FormData();
      body.append('evalid', evalId ?? '');
      body.append('file', file, file.name);
      // One request per image (spec §7).
      const result = await callApi<{ images?: number }>(config.apiBase, '/eval-expert/image-upload', { body });
      if (!result.ok) {
        setImageAlert(result.message || INSTANT_OFFER_ERROR);
        break;
      }
      setUploaded((previous) => [...previous, file.name]);
    }
    setUploading(false);
    event.target.value = '';
  }

  async function finish() {
    const details = checkForm(InstantOfferDetailsSchema, kit.values);
    const contact = checkForm(TradeInLeadFormSchema, { ...kit.values, location_id: kit.values.location_id || undefined });
    if (!details.ok || !contact.ok) return kit.fail({ ...details.errors, ...contact.errors });
    kit.setSubmitting(true);
    const name = [contact.output['First Name'], contact.output.last_name].filter(Boolean).join(' ');
    const update = await callApi<(EvalVehicle & { OfferPrice?: number | null; offer_price?: number | null; offer_withheld?: { message?: string } })[]>(config.apiBase, '/eval-expert/update-eval', {
      body: { evalid: evalId, km: details.output.odometer, userEmail: contact.output['Email Address'], cName: name, cEmail: contact.output['Email Address'], cPhone: contact.output['Mobile Number'] },
    });
    if (!update.ok) {
      kit.setSubmitting(false);
      return failWith(update.message);
    }
    const valued = Array.isArray(update.data) ? update.data[0] : undefined;
    // The server decides: an over-limit car comes back without an offer and with the reason (audit 2.99).
    const withheldMessage = valued?.offer_withheld ? String(valued.offer_withheld.message ?? '') || INSTANT_OFFER_ERROR : null;
    let offerPrice = Number(valued?.OfferPrice ?? valued?.offer_price ?? 0) || 0;
    if (props.mode === 'trade-in' && valued && !withheldMessage) {
      // Spec §7 trade-in valuation: the answers adjust the offer on the server (issue 14, audit 7.19).
      const adjusted = await callApi<{ offer_price?: number }>(config.apiBase, '/trade-in/adjustments', {
        body: { id: evalId, answers: { service_history: details.output.service_history, number_of_keys: details.output.number_of_keys, car_condition: details.output.car_condition } },
      });
      if (adjusted.ok && typeof adjusted.data?.offer_price === 'number') {
        offerPrice = adjusted.data.offer_price;
        valued.OfferPrice = offerPrice;
        valued.offer_price = offerPrice;
      } else if (!adjusted.ok) console.warn('valuation adjustments not applied', adjusted.message);
    }
    const described = vehicleLabel(valued ?? vehicle, kit.values.desc ? String(kit.values.desc) : undefined);
    const location = props.locations.find((entry) => entry.id === contact.output.location_id) ?? props.locations[0];
    const values: Record<string, unknown> = {
      ...contact.output,
      postcode: details.output.postcode,
      odometer: details.output.odometer,
      service_history: details.output.service_history,
      number_of_keys: details.output.number_of_keys,
      car_condition: details.output.car_condition,
      message: details.output.comments,
      Rego: String(kit.values.rego).toUpperCase(),
      state: String(kit.values.state),
      evalid: evalId,
      sms_content: thankYouSms({ firstName: contact.output['First Name'], dealer: config.brand, vehicle: described }),
      sms_from: config.brand.slice(0, 11),
      custom_params: { trade_in_vehicle: described.slice(0, 500), trade_in_vin: String(valued?.VIN ?? vin ?? ''), ...(withheldMessage ? { offer_withheld: true } : { offer_price: offerPrice }) },
      [HONEYPOT_FIELD]: kit.values[HONEYPOT_FIELD],
    };
    if (location?.dealership_slug) values.dealership_slug = location.dealership_slug;
    const tradeInMode = props.mode === 'trade-in';
    const lead = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values, category: 'Trade-in Enquiry', car: tradeInMode ? car : null, formCompleted: !tradeInMode });
    kit.setSubmitting(false);
    if (!lead.ok) return failWith(lead.message === LEAD_MESSAGES.unexpected ? INSTANT_OFFER_ERROR : lead.message);
    setLeadId(lead.leadId);
    if (withheldMessage) {
      // No price to show or accept: the message replaces it, the details stay on screen.
      setWithheld(withheldMessage);
      go('done');
      return;
    }
    setOffer(offerPrice);
    if (tradeInMode && valued) {
      // Spec §7: the valuation response is kept beside the lead; a failure is logged only (§8).
      const { VechielDescriptions: _a, VechicleDescriptions: _b, vehicle: _c, ...valuation } = valued as Record<string, unknown>;
      void callApi(config.apiBase, '/miscellaneous', { body: { ...valuation, column_name: 'valuation', lead_id: lead.leadId, evalid: evalId } }).then((saved) => {
        if (!saved.ok) console.warn('valuation not saved', saved.message);
      });
    }
    if (!tradeInMode) {
      completeLead({ leadId: lead.leadId, category: 'Trade-in Enquiry', event: null, values: { ...kit.values, 'Offer price': money.format(offerPrice), Vehicle: described }, labels: { Vehicle: 'Vehicle', 'Offer price': 'Instant offer', ...kit.labels.current } });
      return;
    }
    go('done');
  }

  async function acceptOffer() {
    if (!leadId) return;
    kit.setSubmitting(true);
    const result = await sendLead({
      apiBase: config.apiBase,
      idempotencyKey: kit.requestKey,
      values: { email: kit.values['Email Address'], phone: kit.values['Mobile Number'], 'Email Address': kit.values['Email Address'], 'Mobile Number': kit.values['Mobile Number'] },
      category: 'Trade-in Enquiry',
      car,
      leadId,
      formCompleted: true,
      offerAccepted: true,
    });
    kit.setSubmitting(false);
    if (!result.ok) return failWith(result.message);
    completeLead({ leadId: result.leadId, category: 'Offer Accepted', event: 'tradeInOfferAccepted', car, values: { ...kit.values, 'Offer price': money.format(offer ?? 0) }, labels: { 'Offer price': 'Trade-in offer', ...kit.labels.current } });
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    if (step === 'vehicle') await enterVin();
    else if (step === 'choose') await choose();
    else if (step === 'images') go('details');
    else if (step === 'details') await finish();
    else if (step === 'done') await acceptOffer();
  };

  const numbered = visibleSteps({ imagesEnabled: config.instantOfferImages, hasCandidates: candidates.length > 0 });
  const reduced = car && typeof car.price === 'number' && offer !== null && offer > 0 ? car.price - offer : null;
  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`} data-step={step}>
      {step !== 'not-found' && step !== 'done' && (
        <ol className="form-steps" aria-label="Steps">
          {numbered.map((each) => (
            <li key={each} aria-current={each === step ? 'step' : undefined} className={numbered.indexOf(each) < numbered.indexOf(step) ? 'is-done' : undefined}>
              {STEP_TITLES[each]}
            </li>
          ))}
        </ol>
      )}
      <h2 id={`${formId}-title`} ref={heading} tabIndex={-1}>
        {step === 'not-found' ? NOT_FOUND_MESSAGES.title : step === 'done' ? (withheld ? 'Thank you, we have your details' : 'Your trade-in offer') : STEP_TITLES[step]}
      </h2>
      {car && props.mode === 'trade-in' && step !== 'done' && <p className="muted">Trade-in valuation towards the {car.name}</p>}
      {/* Issue 13 (privacy): the notice is on screen from the first step, so no photo or detail is sent before it shows. */}
      {step !== 'done' && step !== 'not-found' && <CollectionNotice brand={config.brand} privacyHref={config.privacyHref} purpose="instantOffer" />}
      <ErrorSummary kit={kit} />

      {step === 'vehicle' && (
        <div className="form__row">
          <TextField kit={kit} name="rego" label="Registration Number" required maxLength={12} autoComplete="off" />
          <SelectField kit={kit} name="state" label="State" required options={AU_STATES.map((state) => ({ value: state, label: state.toUpperCase() }))} />
        </div>
      )}

      {step === 'choose' && (
        <fieldset className="field" aria-describedby={kit.errors.desc ? kit.errorId('desc') : undefined}>
          <legend>Which of these is your {noun}?</legend>
          <div className="candidate-list">
            {candidates.map((candidate, index) => (
              <label key={candidate}>
                {/* eslint-disable-next-line jsx-a11y-x/role-supports-aria-props -- aria-invalid on each radio is how screen readers announce the group's error here (forms e2e) */}
                <input
                  type="radio"
                  name={`${formId}-desc`}
                  id={index === 0 ? kit.fieldId('desc') : undefined}
                  value={candidate}
                  checked={kit.values.desc === candidate}
                  onChange={() => kit.set('desc', candidate)}
                  aria-invalid={kit.errors.desc ? true : undefined}
                />
                {candidate}
              </label>
            ))}
          </div>
          {kit.errors.desc && (
            <p className="field__error" id={kit.errorId('desc')}>
              {kit.errors.desc}
            </p>
          )}
        </fieldset>
      )}

      {step === 'images' && (
        <div className="field">
          <label htmlFor={kit.fieldId('images')}>Photos of your {noun} (optional, up to {IMAGE_LIMITS.maxCount})</label>
          <p className="field__hint" id={`${kit.fieldId('images')}-hint`}>
            JPEG, JPG, PNG, GIF or HEIC, each under 10MB.
          </p>
          <input
            ref={fileInput}
            id={kit.fieldId('images')}
            type="file"
            multiple
            accept=".jpeg,.jpg,.png,.gif,.heic,image/jpeg,image/png,image/gif,image/heic"
            onChange={onFiles}
            disabled={uploading}
            aria-describedby={`${kit.fieldId('images')}-hint${imageAlert ? ` ${kit.fieldId('images')}-alert` : ''}`}
          />
          {imageAlert && (
            <div className="alert alert--destructive" role="alert" id={`${kit.fieldId('images')}-alert`} data-testid="image-alert">
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
      )}

      {step === 'details' && (
        <>
          {vehicle && <p>Vehicle: {vehicleLabel(vehicle, kit.values.desc ? String(kit.values.desc) : undefined)}</p>}
          <div className="form__row">
            <TextField kit={kit} name="postcode" label="Postcode" required inputMode="numeric" maxLength={4} autoComplete="postal-code" />
            <AmountField kit={kit} name="odometer" label="Odometer" kind="km" required presets={DEFAULT_KM_PRESETS} />
          </div>
          <div className="form__row">
            <SelectField kit={kit} name="service_history" label="Service History" required placeholder="Choose one" options={SERVICE_HISTORY} />
            <SelectField kit={kit} name="number_of_keys" label="Number of Keys" required placeholder="Choose one" options={KEYS} />
            <SelectField kit={kit} name="car_condition" label="Condition" required placeholder="Choose one" options={CONDITIONS} />
          </div>
          <TextAreaField kit={kit} name="comments" label="Comments" required maxLength={5000} />
          <ContactRows kit={kit} rows={TRADE_IN_CONTACT_ROWS} />
          {props.locations.length > 1 && <SelectField kit={kit} name="location_id" label="Preferred Location" placeholder="Any location" options={props.locations.map((entry) => ({ value: entry.id, label: entry.name }))} />}
          {/* Honeypot (spec §3 trade-in "hidden field"): invisible to people, filled by bots. */}
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label htmlFor={kit.fieldId(HONEYPOT_FIELD)}>Leave this empty</label>
            <input id={kit.fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={String(kit.values[HONEYPOT_FIELD] ?? '')} onChange={(event) => kit.set(HONEYPOT_FIELD, event.target.value)} />
          </div>
          <p className="form__consent">By submitting this form, I agree to the {config.brand} <a href={config.privacyHref}>Privacy Policy</a>.</p>
        </>
      )}

      {step === 'not-found' && (
        <div data-testid="not-found-panel">
          <p>{NOT_FOUND_MESSAGES.body}</p>
          <p>
            <a className="button" href={phoneHref(config.phone)}>
              Call {formatPhone(config.phone)}
            </a>{' '}
            <a className="button button--secondary" href="/contact-us">
              Contact
            </a>{' '}
            <button type="button" className="button button--secondary" onClick={() => go('vehicle')}>
              Back
            </button>
          </p>
        </div>
      )}

      {step === 'done' && withheld && (
        <div data-testid="offer-withheld">
          <p role="status">{withheld}</p>
          <dl>
            <dt>Vehicle</dt>
            <dd>{vehicleLabel(vehicle, kit.values.desc ? String(kit.values.desc) : undefined) || String(kit.values.rego ?? '').toUpperCase()}</dd>
            <dt>Odometer</dt>
            <dd>{String(kit.values.odometer ?? '')} km</dd>
            <dt>Name</dt>
            <dd>{[kit.values['First Name'], kit.values.last_name].filter(Boolean).join(' ')}</dd>
            <dt>Email Address</dt>
            <dd>{String(kit.values['Email Address'] ?? '')}</dd>
            <dt>Mobile Number</dt>
            <dd>{String(kit.values['Mobile Number'] ?? '')}</dd>
          </dl>
        </div>
      )}

      {step === 'done' && !withheld && (
        <div data-testid="trade-in-offer">
          <p>Our instant offer for your {vehicleLabel(vehicle, kit.values.desc ? String(kit.values.desc) : undefined)}:</p>
          <p className="offer-price" data-testid="offer-price">
            {money.format(offer ?? 0)}
          </p>
          {car && typeof car.price === 'number' && car.price > 0 && (
            <dl>
              <dt>{car.name}</dt>
              <dd>{money.format(car.price)}</dd>
              {reduced !== null && (
                <>
                  <dt>Price after your trade-in</dt>
                  <dd data-testid="reduced-price">{money.format(reduced)}</dd>
                </>
              )}
            </dl>
          )}
          <p className="muted">The offer is valid for 7 days and subject to an inspection of your vehicle.</p>
        </div>
      )}

      <FormAlert kit={kit} />
      {step !== 'not-found' && !(step === 'done' && withheld) && (
        <div className="form__actions">
          {step === 'vehicle' && <SubmitButton kit={kit} label="Get My Offer" busyLabel="Searching…" />}
          {step === 'choose' && <SubmitButton kit={kit} label="Continue" />}
          {step === 'images' && (
            <button type="submit" className="button" disabled={uploading}>
              Continue
            </button>
          )}
          {step === 'details' && <SubmitButton kit={kit} label="Submit" />}
          {step === 'done' && !withheld && <SubmitButton kit={kit} label="Accept Offer" />}
        </div>
      )}
    </form>
  );
}

