/**
 * Test-drive booking (spec §5 "Test-drive form"): contact fields, optional message, the
 * 'Test Drive Booking Date' from the appointment availability call (its longest window when the
 * first week has no free slot; asked again when the server refuses the chosen time; a free
 * date-time input over the days the lead API books, typedTestDriveDates, when the call fails or finds
 * no slot, its time sent on the clock the answer names, else as typed, for the lead API to read on its own: typedTimeZone),
 * a delivery location when the car's location has distribution locations, and the
 * terms checkbox on sites that require it. Used in the vehicle page's modal and on /book-test-drive/.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { linkedCarId, useCarChoices, type CarChoices } from './car-choices.ts';
import { CarChoicesFailed, useCarChoicesRetry } from './CarChoicesFailed.tsx';
import { checkForm, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent, type LeadCar } from '../../lib/forms/lead-payload.ts';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import { testDriveFormSchema } from '../../schemas/forms/test-drive.ts';
import { takesTestDrives } from '../../lib/vehicle/vehicle-actions.ts';
import { calendarDay, dealerInstant, dealerIso, zoneOffset } from '../../lib/text/dealer-time.ts';
import { MAX_BOOKING_DAYS, deliveryLocations as carDeliveryLocations, typedTestDriveDates } from '../../lib/forms/test-drive-booking.ts';
import { formatWeekdayDay } from '../../lib/text/format.ts';
import { callApi } from './api.ts';
import { ErrorSummary, FormAlert, SelectField, SubmitButton, TextAreaField, TextField, useFormKit, type FormKit } from '../ui/form-kit/index.ts';
import { useVisitorClock } from '../ui/use-visitor-clock.ts';
import { completeLead, sendLead } from './lead-submit.ts';
import { CONTACT_ORDER, ConsentFields, ContactFields, contactDefaults, usePrefilledContact } from './shared-fields.tsx';

interface Availability {
  timezone?: string;
  days?: { date: string; slots: { start: string; label: string }[] }[];
}

export interface TestDriveFormProps {
  config: FormSiteConfig;
  car?: LeadCar | null;
  /** Where the cars to choose from when no car is given (/book-test-drive/) are read from: the site's CAR_CHOICES_PATH; the form offers those the test-drive rule passes (takesTestDrives). */
  carChoicesUrl?: string;
  formId?: string;
  heading?: string;
}

/** Whether an availability answer lists a free slot. */
function hasSlots(availability: Availability | undefined): availability is Availability {
  return Array.isArray(availability?.days) && availability.days.some((day) => day.slots.length > 0);
}

/**
 * The car's free slots: the availability call's default week, else (no free slot in it) its
 * longest window, MAX_BOOKING_DAYS, the answer kept when it has none either (the free box, on its
 * `timezone`); 'failed' when the call fails (the free box).
 */
async function askAvailability(apiBase: string, carId: string, signal: AbortSignal): Promise<Availability | 'failed'> {
  const path = `/test-drive/availability?car_id=${encodeURIComponent(carId)}`;
  const week = await callApi<Availability>(apiBase, path, { signal });
  if (!week.ok || signal.aborted) return 'failed';
  if (hasSlots(week.data)) return week.data;
  const longest = await callApi<Availability>(apiBase, `${path}&days=${MAX_BOOKING_DAYS}`, { signal });
  return longest.ok && longest.data ? longest.data : 'failed';
}

/** `zone` when the browser knows it as a time zone (an availability answer's), else undefined. */
function knownZone(zone: unknown): string | undefined {
  if (typeof zone !== 'string') return undefined;
  try {
    zoneOffset(0, zone);
    return zone;
  } catch {
    return undefined;
  }
}

/** A day of the availability call (the dealer's calendar date, '2026-12-24') as shown: 'Thursday 24 December'. */
function dayLabel(date: string): string {
  return formatWeekdayDay(calendarDay(date));
}

/**
 * The Vehicle list of /book-test-drive/. When the car choices could not be loaded it says so, with
 * Try again (CarChoicesFailed, in the list's description); once they load, focus goes to the list.
 */
function VehicleChoice({ kit, cars, choices }: { kit: FormKit; cars: LeadCar[]; choices: CarChoices }) {
  const retry = useCarChoicesRetry(choices, () => document.getElementById(kit.fieldId('car_id')));
  const failure = choices.failed ? <CarChoicesFailed choices={choices} retry={retry} id={`${kit.formId}-car-choices`} /> : undefined;
  const options = cars.map((entry) => ({ value: String(entry.id), label: entry.name ?? entry.slug }));
  return <SelectField kit={kit} name="car_id" label="Vehicle" required placeholder="Choose a vehicle" options={options} hint={failure} />;
}

export default function TestDriveForm(props: TestDriveFormProps) {
  const { config } = props;
  const choices = useCarChoices(props.carChoicesUrl);
  const { loaded } = choices;
  const cars = useMemo(() => choices.cars?.filter(takesTestDrives), [choices.cars]);
  const formId = props.formId ?? 'test-drive';
  const kit = useFormKit(formId, () => ({ ...contactDefaults(config), car_id: props.car ? String(props.car.id) : '', dateTime: '', delivery_location: '', message: '', terms_conditions: false }));
  const [availability, setAvailability] = useState<Availability | null | 'failed'>(null);
  const car = props.car ?? cars?.find((entry) => String(entry.id) === kit.values.car_id) ?? null;
  const deliveryLocations = carDeliveryLocations(car);

  usePrefilledContact(kit);
  // /book-test-drive/?car_id={id} arrives with the car chosen, once the site's car choices have loaded (unless one was picked meanwhile).
  useEffect(() => {
    if (!loaded) return;
    const wanted = linkedCarId();
    if (!props.car && wanted && cars?.some((entry) => String(entry.id) === wanted)) kit.fillBlanks({ car_id: wanted });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the car choices have loaded: a car picked meanwhile is kept
  }, [loaded]);

  const carId = car ? String(car.id) : null;
  // Bumped when the server refuses the chosen time (just booked, or no longer offered): the slots are asked for again.
  const [slotsAsked, askSlotsAgain] = useState(0);
  const slotsCar = useRef<string | null>(null);
  useEffect(() => {
    if (carId === null) {
      setAvailability(null);
      return;
    }
    const controller = new AbortController();
    // Another car's slots are cleared at once; the same car's stay shown (and focused) until the new answer replaces them.
    if (slotsCar.current !== carId) setAvailability(null);
    slotsCar.current = carId;
    void askAvailability(config.apiBase, carId, controller.signal).then((result) => {
      if (!controller.signal.aborted) setAvailability(result);
    });
    return () => controller.abort();
  }, [carId, config.apiBase, slotsAsked]);
  const slots = availability && availability !== 'failed' ? (availability.days ?? []).filter((day) => day.slots.length > 0) : [];
  // Which clock a typed time is on is the lead API's to say (AppointmentsAdapter.typedTimeZone: a provider's location's
  // own, the local grid's the site's): its availability answer names it (`timezone`). With no answer the form cannot know
  // which way the API runs, so the time goes as typed and the API reads it (an offset guessed here was refused or shifted).
  const answered = availability && availability !== 'failed' ? knownZone(availability.timezone) : undefined;
  // The free date-time box offers the days the lead API books on that clock, else (no answer) the days it books on both the
  // site's clock (the local grid's) and the car's location's (its `time_zone`: a provider's), so no day offered near midnight
  // is refused whichever the API runs (typedTestDriveDates); none before hydration (the built page carries no moment).
  const zones: [string, ...string[]] = answered ? [answered] : [config.timeZone, car?.time_zone ?? config.timeZone];
  const now = useVisitorClock();
  const dates = now === null ? undefined : typedTestDriveDates(now, zones);

  const schema = useMemo(() => testDriveFormSchema({ termsRequired: config.termsRequired }), [config.termsRequired]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    // A delivery location chosen for another car (the list follows the car) is neither sent nor shown on /success.
    const values = deliveryLocations.includes(kit.values.delivery_location) ? kit.values : { ...kit.values, delivery_location: '' };
    const check = checkForm(schema, withoutBlanks(values, ['PreferredContactMethod']));
    const errors: Record<string, string> = check.ok ? {} : { ...check.errors };
    if (cars && !props.car && !kit.values.car_id) errors.car_id = FORM_MESSAGES.required;
    if (Object.keys(errors).length > 0 || !check.ok) {
      kit.fail(errors);
      return;
    }
    kit.clearErrors();
    kit.setSubmitting(true);
    // A typed time is sent with the offset of the clock the answer named, else as typed (a slot's start carries its own).
    const output =
      slots.length === 0 && check.output.dateTime && answered ? { ...check.output, dateTime: dealerIso(dealerInstant(check.output.dateTime, answered), answered) } : { ...check.output };
    const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values: output, category: 'Test Drive', car, formCompleted: true });
    if (!result.ok) {
      kit.setSubmitting(false);
      kit.reject(result);
      if (result.fieldErrors.dateTime) {
        // A refused slot is taken off the choice (its message stays); a typed time is kept to be corrected.
        if (slots.length > 0) kit.setMany({ dateTime: '' });
        askSlotsAgain((count) => count + 1);
      }
      return;
    }
    completeLead({ leadId: result.leadId, category: 'Test Drive', event: leadAnalyticsEvent('test-drive', car), car, values, labels: kit.labels.current });
  };

  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby={props.heading ? `${formId}-heading` : undefined}>
      {props.heading && <h2 id={`${formId}-heading`}>{props.heading}</h2>}
      <ErrorSummary kit={kit} fieldOrder={['car_id', ...CONTACT_ORDER, 'dateTime', 'delivery_location', 'message', 'terms_conditions']} />
      {!props.car && cars && <VehicleChoice kit={kit} cars={cars} choices={choices} />}
      <ContactFields kit={kit} />
      {slots.length > 0 ? (
        <SelectField
          kit={kit}
          name="dateTime"
          label="Test Drive Booking Date"
          placeholder="Choose a day and time"
          options={slots.map((day) => ({ group: dayLabel(day.date), options: day.slots.map((slot) => ({ value: slot.start, label: `${dayLabel(day.date)} ${slot.label}` })) }))}
        />
      ) : (
        <TextField
          kit={kit}
          name="dateTime"
          label="Test Drive Booking Date"
          type="datetime-local"
          min={dates && `${dates.first}T00:00`}
          max={dates && `${dates.last}T23:59`}
          hint={availability === null && car ? 'Loading available times…' : undefined}
        />
      )}
      {deliveryLocations.length > 0 && <SelectField kit={kit} name="delivery_location" label="Delivery Location" placeholder="No delivery needed" options={deliveryLocations} />}
      <TextAreaField kit={kit} name="message" label="Comments" maxLength={5000} />
      <ConsentFields kit={kit} config={config} purpose="testDrive" />
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label="Book Test Drive" />
      </div>
    </form>
  );
}
