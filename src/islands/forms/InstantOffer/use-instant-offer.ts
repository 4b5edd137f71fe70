/**
 * The instant offer's state and its calls to the lead API (spec §4 "Instant offer", §7
 * eval-expert): which step shows, the candidates, the uploaded photos, the offer or the
 * server's reason for withholding it. The step rules are lib/forms/instant-offer.ts; the
 * step components only render what this hook returns and call its handlers. Back from sign-in
 * (a gated 401: the form kit's kept place), the lookup, the choice and for the offer the
 * valuation are asked for again with the kept values, and the form opens at the kept step when
 * the answers lead there (docs/forms.md "Kept across sign-in").
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormLocation, FormSiteConfig } from '../../../lib/forms/form-config.ts';
import { checkForm } from '../../../lib/forms/form-validation.ts';
import * as v from 'valibot';
import {
  afterChoose,
  afterEnterVin,
  INSTANT_OFFER_ERROR,
  instantOfferFailure,
  placeToKeep,
  thankYouSms,
  vehicleLabel,
  visibleSteps,
  type EnterVinOutcome,
  type EvalVehicle,
  type InstantOfferStep,
} from '../../../lib/forms/instant-offer.ts';
import type { LeadCar } from '../../../lib/forms/lead-payload.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import { EnterVinSchema, imageUploadProblem } from '../../../schemas/api/trade-in.ts';
import { InstantOfferDetailsSchema, TradeInLeadFormSchema } from '../../../schemas/forms/instant-offer.ts';
import { HONEYPOT_FIELD } from '../../../schemas/lead.ts';
import { formatMoney } from '../../../lib/text/format.ts';
import { prefilled } from '../../../stores/prefill.ts';
import type { KeptPlace } from '../../../stores/kept-forms.ts';
import { useFormKit, type Refusal } from '../../ui/form-kit/index.ts';
import { callApi } from '../api.ts';
import { linkedCarId, useCarChoices } from '../car-choices.ts';
import { useCarChoicesRetry } from '../CarChoicesFailed.tsx';
import { completeLead, sendLead } from '../lead-submit.ts';
import { notePageVisit } from '../lead-traces.ts';

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

type Valued = EvalVehicle & { OfferPrice?: number | null; offer_price?: number | null; offer_withheld?: { message?: string } };
/** The server's valuation of the details step (update-eval, then in trade-in mode the adjustments): the offer or the reason none is given. */
type Valuation = { ok: true; valued: Valued | undefined; withheldMessage: string | null; offerPrice: number } | { ok: false; refusal: Refusal };
type Details = v.InferOutput<typeof InstantOfferDetailsSchema>;
type Contact = v.InferOutput<typeof TradeInLeadFormSchema>;

/** The remembered contact detail (spec §3 'Stored locally') each of this form's contact fields holds: its names are the trade-in form's own. */
const REMEMBERED_AS = { 'First Name': 'name', last_name: 'last_name', 'Email Address': 'email', 'Mobile Number': 'phone', postcode: 'postcode' } as const;

/** This form's contact values under the remembered names, for the next form. */
function rememberedContact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(REMEMBERED_AS).map(([field, key]) => [key, values[field]]));
}

/** The valuation call's (update-eval) fields that the details step shows under its own names. */
const UPDATE_EVAL_FIELDS: Record<string, string> = {
  km: 'odometer',
  cName: 'First Name',
  cEmail: 'Email Address',
  userEmail: 'Email Address',
  cPhone: 'Mobile Number',
};

/** The valuation call's field errors under the names of the fields the shopper filled (any other as the server names it). */
function asShownFields(fieldErrors: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, message] of Object.entries(fieldErrors)) shown[UPDATE_EVAL_FIELDS[name] ?? name] ??= message;
  return shown;
}

/** The instant offer's state, what the steps show and the form's submit handler. */
export function useInstantOffer(props: InstantOfferProps) {
  const { config } = props;
  const choices = useCarChoices(props.carChoicesUrl);
  const { cars, loaded } = choices;
  const formId = props.formId ?? 'instant-offer';
  // Towards the car ?car_id= names, whose list could not be loaded: said with Try again, and no valuation is sent without the car.
  // (failed is only ever true in the browser, so the URL is read after hydration.)
  const carUnknown = props.mode === 'trade-in' && choices.failed && linkedCarId() !== null;
  const retryChoices = useCarChoicesRetry(choices, () => document.getElementById(`${formId}-car-line`));
  const [step, setStep] = useState<InstantOfferStep>('vehicle');
  // The server's reason for giving no online offer (car over the site's age or km limit).
  const [withheld, setWithheld] = useState<string | null>(null);
  const [leadId, setLeadId] = useState<string | undefined>();
  const kit = useFormKit(
    formId,
    () => ({
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
    }),
    placeToKeep(step, leadId, withheld),
  );
  const [evalId, setEvalId] = useState<string | undefined>();
  const [vin, setVin] = useState<string | undefined>();
  const [candidates, setCandidates] = useState<string[]>([]);
  const [vehicle, setVehicle] = useState<EvalVehicle | undefined>();
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [imageAlert, setImageAlert] = useState('');
  const [uploading, setUploading] = useState(false);
  const [offer, setOffer] = useState<number | null>(null);
  const [car, setCar] = useState<LeadCar | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);

  useEffect(() => {
    const remembered = prefilled({ name: '', last_name: '', email: '', phone: '', postcode: '' });
    kit.fillBlanks(Object.fromEntries(Object.entries(REMEMBERED_AS).map(([field, key]) => [field, remembered[key]])));
    notePageVisit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration: what the shopper typed or remembered is applied a single time, never over later input
  }, []);
  // The car named by ?car_id=, once the site's car choices have loaded (again after Try again).
  useEffect(() => {
    if (!loaded || !cars) return;
    const wanted = linkedCarId();
    setCar(cars.find((entry) => String(entry.id) === wanted || entry.slug === wanted) ?? null);
  }, [loaded, cars]);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  /** Show a step, its messages cleared (focus stays: a form reopened after sign-in). */
  const open = (next: InstantOfferStep) => {
    kit.clearErrors();
    kit.setFormError('');
    setStep(next);
  };
  /** Move on to a step, focus on its heading. */
  const go = (next: InstantOfferStep) => {
    moved.current = true;
    open(next);
  };
  const failWith = (message: string | undefined) => kit.setFormError(instantOfferFailure(message));
  const chosenDescription = () => (kit.values.desc ? String(kit.values.desc) : undefined);

  /** Step 1's lookup (enter-vin) of the registration and state typed, its answer taken in; null when refused (its messages shown). */
  async function lookUp(): Promise<EnterVinOutcome | null> {
    const check = checkForm(EnterVinSchema, { rego: kit.values.rego, state: kit.values.state });
    if (!check.ok) {
      kit.fail(check.errors);
      return null;
    }
    kit.setSubmitting(true);
    const result = await callApi<EvalVehicle[]>(config.apiBase, '/eval-expert/enter-vin', { body: check.output });
    kit.setSubmitting(false);
    if (!result.ok) {
      failWith(result.message);
      return null;
    }
    const outcome = afterEnterVin(Array.isArray(result.data) ? result.data : [], { imagesEnabled: config.instantOfferImages });
    setEvalId(outcome.evalId);
    setVin(outcome.vin);
    setCandidates(outcome.candidates);
    setVehicle(outcome.vehicle);
    return outcome;
  }

  async function enterVin() {
    const outcome = await lookUp();
    if (outcome) go(outcome.step);
  }

  /** The chosen build (manual-entry) under the lookup's evaluation, its answer taken in; false when refused (at the choice when the server names it). */
  async function postChoice(looked: { evalId?: string; vin?: string }): Promise<boolean> {
    kit.setSubmitting(true);
    const result = await callApi<(EvalVehicle & { vehicle?: EvalVehicle })[]>(config.apiBase, '/eval-expert/manual-entry', {
      body: { desc: kit.values.desc, vin: looked.vin, evalid: looked.evalId },
    });
    kit.setSubmitting(false);
    if (!result.ok) {
      if (result.fieldErrors.desc) kit.fail({ desc: result.fieldErrors.desc });
      else failWith(result.message);
      return false;
    }
    const first = Array.isArray(result.data) ? result.data[0] : undefined;
    if (first) {
      setVehicle(first);
      if (first.EvalID) setEvalId(String(first.EvalID));
      if (first.VIN) setVin(String(first.VIN));
    }
    return true;
  }

  async function choose() {
    if (!kit.values.desc) return kit.fail({ desc: FORM_MESSAGES.chooseCar });
    if (await postChoice({ evalId, vin })) go(afterChoose({ imagesEnabled: config.instantOfferImages }));
  }

  /** The details valued by the server (update-eval, then in trade-in mode the adjustments of the answers) under evaluation `evalid`. */
  async function valuate(evalid: string | undefined, details: Details, contact: Contact): Promise<Valuation> {
    const name = [contact['First Name'], contact.last_name].filter(Boolean).join(' ');
    const update = await callApi<Valued[]>(config.apiBase, '/eval-expert/update-eval', {
      body: {
        evalid,
        km: details.odometer,
        userEmail: contact['Email Address'],
        cName: name,
        cEmail: contact['Email Address'],
        cPhone: contact['Mobile Number'],
      },
    });
    // A refused name, email or mobile shows at the field the shopper filled.
    if (!update.ok) return { ok: false, refusal: { message: instantOfferFailure(update.message), fieldErrors: asShownFields(update.fieldErrors) } };
    const valued = Array.isArray(update.data) ? update.data[0] : undefined;
    // The server decides: an over-limit car comes back without an offer and with the reason.
    const withheldMessage = valued?.offer_withheld ? String(valued.offer_withheld.message ?? '') || INSTANT_OFFER_ERROR : null;
    let offerPrice = Number(valued?.OfferPrice ?? valued?.offer_price ?? 0) || 0;
    if (props.mode === 'trade-in' && valued && !withheldMessage) {
      // Spec §7 trade-in valuation: the answers adjust the offer on the server.
      const adjusted = await callApi<{ offer_price?: number }>(config.apiBase, '/trade-in/adjustments', {
        body: {
          id: evalid,
          answers: { service_history: details.service_history, number_of_keys: details.number_of_keys, car_condition: details.car_condition },
        },
      });
      // No offer that ignores the answers is shown or sent: the instant offer's failure (spec §8), the details kept to send again.
      if (!adjusted.ok || typeof adjusted.data?.offer_price !== 'number')
        return { ok: false, refusal: { message: instantOfferFailure(adjusted.ok ? undefined : adjusted.message), fieldErrors: {} } };
      offerPrice = adjusted.data.offer_price;
      valued.OfferPrice = offerPrice;
      valued.offer_price = offerPrice;
    }
    return { ok: true, valued, withheldMessage, offerPrice };
  }

  /**
   * Back from sign-in at a kept step past the first: what that step stands on is asked for again with the kept
   * values (the lookup, the chosen build, for the offer the valuation under its kept lead) and the form opens
   * there; a refused call, or an answer that no longer leads there, opens the step that needs the shopper with
   * the instant offer failure (or the not-found panel, the lookup's own answer).
   */
  async function resume(kept: KeptPlace) {
    const looked = await lookUp();
    if (!looked) return;
    if (looked.step === 'not-found') return open('not-found');
    const chosen = chosenDescription();
    if (looked.step === 'choose') {
      const listed = chosen !== undefined && looked.candidates.includes(chosen);
      if (!listed) kit.set('desc', '');
      open('choose');
      if (kept.step === 'choose') return;
      if (!listed) return failWith(undefined);
      if (!(await postChoice(looked))) return;
    } else if (chosen !== undefined || kept.step === 'choose') {
      // The registration now names one car where the shopper chose a build: the lookup's answer is new to them.
      kit.set('desc', '');
      return failWith(undefined);
    }
    const next = afterChoose({ imagesEnabled: config.instantOfferImages });
    if (kept.step !== 'done') return open(kept.step === 'images' ? next : 'details');
    const details = checkForm(InstantOfferDetailsSchema, kit.values);
    const contact = checkForm(TradeInLeadFormSchema, { ...kit.values, location_id: kit.values.location_id || undefined });
    open('details');
    if (!details.ok || !contact.ok) return kit.fail({ ...details.errors, ...contact.errors });
    if (!kept.leadId || props.mode !== 'trade-in') return;
    kit.setSubmitting(true);
    const valuation = await valuate(looked.evalId, details.output, contact.output);
    kit.setSubmitting(false);
    if (!valuation.ok) return kit.reject(valuation.refusal);
    if (valuation.withheldMessage) return failWith(valuation.withheldMessage);
    setLeadId(kept.leadId);
    setOffer(valuation.offerPrice);
    open('done');
  }
  const resumed = useRef(false);
  useEffect(() => {
    const kept = kit.keptPlace;
    if (!kept || resumed.current) return;
    resumed.current = true;
    void resume(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the kit hands back the kept place (with the kept values in this render)
  }, [kit.keptPlace]);

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
        setImageAlert(instantOfferFailure(result.message));
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
    if (carUnknown) {
      // The message is on screen: focus goes to its Try again button (described by the message).
      document.getElementById(`${formId}-car-choices-retry`)?.focus();
      return;
    }
    kit.setSubmitting(true);
    const valuation = await valuate(evalId, details.output, contact.output);
    if (!valuation.ok) {
      kit.setSubmitting(false);
      return kit.reject(valuation.refusal);
    }
    const { valued, withheldMessage, offerPrice } = valuation;
    const described = vehicleLabel(valued ?? vehicle, chosenDescription());
    const location = props.locations.find((entry) => entry.id === contact.output.location_id) ?? props.locations[0];
    const values: Record<string, unknown> = {
      ...contact.output,
      postcode: details.output.postcode,
      odometer: details.output.odometer,
      service_history: details.output.service_history,
      number_of_keys: details.output.number_of_keys,
      car_condition: details.output.car_condition,
      // Spec §3's name: the lead API reads it as the message (commentsAsMessage, its one mapping).
      comments: details.output.comments,
      Rego: String(kit.values.rego).toUpperCase(),
      state: String(kit.values.state),
      evalid: evalId,
      sms_content: thankYouSms({ firstName: contact.output['First Name'], dealer: config.brand, vehicle: described }),
      sms_from: config.smsSender,
      custom_params: {
        trade_in_vehicle: described.slice(0, 500),
        trade_in_vin: String(valued?.VIN ?? vin ?? ''),
        ...(withheldMessage ? { offer_withheld: true } : { offer_price: offerPrice }),
      },
      [HONEYPOT_FIELD]: kit.values[HONEYPOT_FIELD],
    };
    if (location?.dealership_slug) values.dealership_slug = location.dealership_slug;
    const tradeInMode = props.mode === 'trade-in';
    const lead = await sendLead({
      apiBase: config.apiBase,
      idempotencyKey: kit.requestKey,
      values,
      category: 'Trade-in Enquiry',
      car: tradeInMode ? car : null,
      // Towards a car the lead is complete when the shopper accepts the offer; with no price to accept, it is complete now (the dealer must get it).
      formCompleted: !tradeInMode || withheldMessage !== null,
    });
    kit.setSubmitting(false);
    // A refused field shows beside it (the contact fields are on this step).
    if (!lead.ok) return kit.reject({ ...lead, message: instantOfferFailure(lead.message) });
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
      void callApi(config.apiBase, '/miscellaneous', { body: { ...valuation, column_name: 'valuation', lead_id: lead.leadId, evalid: evalId } }).then(
        (saved) => {
          if (!saved.ok) console.warn('valuation not saved', saved.message);
        },
      );
    }
    if (!tradeInMode) {
      completeLead({
        leadId: lead.leadId,
        category: 'Trade-in Enquiry',
        event: null,
        // The offer is what the dealer made, not something the shopper sent: /success shows it as the offer.
        values: { ...kit.values, Vehicle: described },
        contact: rememberedContact(kit.values),
        labels: { Vehicle: 'Vehicle', ...kit.labels.current },
        offer: { vehicle: described, amount: formatMoney(offerPrice) },
      });
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
      values: {
        email: kit.values['Email Address'],
        phone: kit.values['Mobile Number'],
        'Email Address': kit.values['Email Address'],
        'Mobile Number': kit.values['Mobile Number'],
      },
      category: 'Trade-in Enquiry',
      car,
      leadId,
      formCompleted: true,
      offerAccepted: true,
    });
    kit.setSubmitting(false);
    if (!result.ok) return kit.reject({ message: instantOfferFailure(result.message), fieldErrors: result.fieldErrors });
    completeLead({
      leadId: result.leadId,
      category: 'Offer Accepted',
      event: 'tradeInOfferAccepted',
      car,
      values: { ...kit.values, 'Offer price': formatMoney(offer ?? 0) },
      contact: rememberedContact(kit.values),
      labels: { 'Offer price': 'Trade-in offer', ...kit.labels.current },
    });
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

  return {
    kit,
    formId,
    step,
    candidates,
    vehicle,
    /** The car's description as the shopper knows it (the chosen candidate, else the lookup's). */
    vehicleText: vehicleLabel(vehicle, chosenDescription()),
    uploaded,
    imageAlert,
    uploading,
    offer,
    withheld,
    car,
    /** The car choices, failed with ?car_id= given in trade-in mode: the form shows CarChoicesFailed with `retryChoices`. */
    carUnknown,
    choices,
    retryChoices,
    heading,
    /** The steps shown in the step list (the candidate and photo steps only when they apply). */
    numbered: visibleSteps({ imagesEnabled: config.instantOfferImages, hasCandidates: candidates.length > 0 }),
    go,
    onFiles,
    submit,
  };
}

export type InstantOfferState = ReturnType<typeof useInstantOffer>;
