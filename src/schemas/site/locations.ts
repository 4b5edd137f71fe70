/** Locations and dealerships of a site (spec §3 "Location", "Dealership"). */
import * as v from 'valibot';
import { httpUrl, link, phone, slug } from './common.ts';
import { CAR_TYPE_ROUTES } from '../car-types.ts';
import { formText, LOCATION_NAME_MAX, SUBCATEGORY_MAX } from '../forms/fields.ts';

/** A 24-hour time of day, 'H:MM', 'HH:MM' or 'HH:MM:SS' from 00:00 to 23:59; the seconds are ignored. */
const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/**
 * Minutes since midnight of a site.json time of day (TIME_OF_DAY); undefined for anything else.
 * The one reader of opening and holiday times: the schema's order check, the status line and
 * the tables read them alike.
 */
export function minutesOfDay(time: string | undefined): number | undefined {
  const match = time ? TIME_OF_DAY.exec(time.trim()) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** An opening or closing time. No '24:00' and no hours past midnight: the spec has no overnight hours. */
const timeOfDay = v.pipe(v.string(), v.regex(TIME_OF_DAY, "expected a 24-hour time from 00:00 to 23:59, HH:MM or HH:MM:SS, e.g. '09:00'"));

/** Weekday names, index 0 = Sunday (spec: weekday 0-6, 0 Sunday). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * A day's hours (a weekly row or a special entry): an Open day gives both its times, which the
 * status line and the tables read alike (without them the table said 'Open' and the status line
 * 'Closed now'), and closes after it opens: the product has no overnight hours (a Closed day's
 * times are not read, so not checked). `fields` name
 * the opening and closing fields, `day` names the row in the messages.
 */
function dayHours<T extends { status: 'Open' | 'Closed' }>(
  times: (row: T) => [string | undefined, string | undefined],
  fields: [string, string],
  day: (row: T) => string,
) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const given = times(dataset.value);
    const missing = fields.filter((_field, index) => given[index] === undefined);
    // A Closed day's times are never read (feeds send '00:00' for them): only an Open day's are checked.
    if (dataset.value.status === 'Closed') return;
    if (missing.length > 0) {
      addIssue({
        message: `${day(dataset.value)} is 'Open' without ${missing.join(' and ')}: an Open day needs ${fields.join(' and ')} (24-hour 'HH:MM'); a day without hours is 'Closed'`,
      });
    }
    const [open, close] = given.map(minutesOfDay);
    if (open !== undefined && close !== undefined && open >= close) {
      addIssue({
        message: `${day(dataset.value)} closes (${fields[1]}) at or before it opens (${fields[0]}); hours past midnight are not supported: a day ends at '23:59'`,
      });
    }
  });
}

/** One opening-hours row (weekday 0-6, 0 Sunday); an Open row has its open and close, the close after the open. */
export const OpeningHourSchema = v.pipe(
  v.strictObject({
    weekday: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
    status: v.picklist(['Open', 'Closed']),
    /** Display text as the feed gives it, e.g. '8:00am - 5:30pm'. Not shown: the table prints open and close, as the status line reads them. */
    formated_hours: v.optional(v.string()),
    /** Opening time, required on an Open day: 'HH:MM' or 'HH:MM:SS' 24-hour, 00:00 to 23:59 (no '24:00': a day that ends at midnight closes at '23:59'). */
    open: v.optional(timeOfDay),
    /** Closing time, required on an Open day: after the opening time of the same day (no overnight hours). */
    close: v.optional(timeOfDay),
  }),
  dayHours(
    (row) => [row.open, row.close],
    ['open', 'close'],
    (row) => WEEKDAYS[row.weekday],
  ),
);

/** Special (holiday) hours for a date (spec §3 "Special hours"); an Open entry has its start_hour and end_hour, the end after the start. */
export const SpecialHourSchema = v.pipe(
  v.strictObject({
    date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')),
    status: v.picklist(['Open', 'Closed']),
    /** The location the entry belongs to, as the feed gives it. The entry applies to the location it sits under, so when given it must be that location's id (another stops the tenant). */
    location_id: v.optional(v.union([v.number(), v.string()])),
    /** Opening time, required on an Open day: 'HH:MM' or 'HH:MM:SS' 24-hour. */
    start_hour: v.optional(timeOfDay),
    /** Closing time, required on an Open day: 'HH:MM' or 'HH:MM:SS' 24-hour, after start_hour. */
    end_hour: v.optional(timeOfDay),
    /** The holiday's name shown in the holiday-hours dialog, e.g. 'Christmas Day'. */
    name: v.optional(v.string()),
  }),
  dayHours(
    (entry) => [entry.start_hour, entry.end_hour],
    ['start_hour', 'end_hour'],
    (entry) => entry.date,
  ),
);

/** The issue path of `entries[index][key]`, so a message names that field of that entry. */
function entryField<Entry extends Record<Key, unknown>, Key extends string>(entries: Entry[], index: number, key: Key) {
  const entry = entries[index];
  return [
    { type: 'array', origin: 'value', input: entries, key: index, value: entry },
    { type: 'object', origin: 'value', input: entry, key, value: entry[key] },
  ] as const;
}

/**
 * A check that no two entries of a list share `key`, read as text (7 and '7' are one id): a repeat
 * names its field with `message(entries, index, first)`, `first` the index of the earlier entry.
 */
function uniqueBy<Entry extends Record<Key, string | number>, Key extends string>(
  key: Key,
  message: (entries: Entry[], index: number, first: number) => string,
) {
  return v.rawCheck<Entry[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const entries = dataset.value;
    const firstIndex = new Map<string, number>();
    entries.forEach((entry, index) => {
      const value = String(entry[key]);
      const first = firstIndex.get(value);
      if (first === undefined) {
        firstIndex.set(value, index);
        return;
      }
      addIssue({ message: message(entries, index, first), input: entry[key], path: [...entryField(entries, index, key)] });
    });
  });
}

/** Why a day has one row: the status line and the tables read the first. */
const ONE_A_DAY = (what: string) => `a location has one ${what} (the second was ignored); keep one`;

const LocationFields = v.strictObject({
  /** Location id, unique within the site (read as text: 7 and '7' are one id); cars, leads and holiday entries name the location by it. */
  id: v.union([v.number(), v.string()]),
  /** Display name, e.g. 'Acme Toyota Springwood'; at most 72 characters (its contact page's subcategory is 'Contact {name}'). */
  name: v.pipe(
    v.string(),
    v.check(
      (name) => formText(name).length <= LOCATION_NAME_MAX,
      `a location name is at most ${LOCATION_NAME_MAX} characters (its contact page sends 'Contact {name}', at most ${SUBCATEGORY_MAX}): shorten it`,
    ),
  ),
  /** URL slug of /locations/{slug} and /search/{slug}, unique within the site, no other location's id, no dealership's slug and no car-type search page's (used-cars, ...); cars and leads name the location by it or by its id. */
  slug,
  /** sales | service | parts; empty means sales. */
  location_type: v.optional(v.picklist(['sales', 'service', 'parts', '']), 'sales'),
  /** e.g. ['buying']. */
  location_subtype: v.optional(v.array(v.string()), []),
  /** The group's main location (listed first). Default false. */
  primary: v.optional(v.boolean(), false),
  /** Shown on the site. Default true. */
  visible: v.optional(v.boolean(), true),
  /** Makes sold here. */
  manufacturers: v.optional(v.array(v.string()), []),
  /** Dealership this location belongs to. */
  dealership_id: v.optional(v.union([v.number(), v.string()])),
  /** Slug of that dealership (copied into leads where the site says so). */
  dealership_slug: v.optional(v.string()),
  /** Street address and map data. */
  address: v.strictObject({
    /** Street line, e.g. '12 Logan Road'; not empty. */
    street: v.pipe(
      v.string(),
      v.check((line) => line.trim() !== '', "the street line is empty: give the street address, e.g. '12 Logan Road'"),
    ),
    /** Suburb or city; not empty. */
    city: v.pipe(
      v.string(),
      v.check((line) => line.trim() !== '', "the city line is empty: give the suburb or city, e.g. 'Springwood'"),
    ),
    /** State code. */
    state: v.picklist(['QLD', 'NSW', 'VIC', 'SA', 'WA', 'TAS', 'ACT', 'NT']),
    postcode: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/, 'expected a 4-digit postcode'))),
    lat: v.optional(v.number()),
    long: v.optional(v.number()),
    place_url: v.optional(httpUrl()),
    place_id: v.optional(v.string()),
    map_key: v.optional(v.string()),
  }),
  contact_detail: v.optional(
    v.strictObject({
      /** The location's phone: an Australian number, as site.json `phone`. */
      phone: v.optional(phone),
      /** A second (landline) number, as `phone`. */
      landline_phone: v.optional(phone),
      email: v.optional(v.pipe(v.string(), v.email())),
      /** One row a weekday. */
      opening_hours: v.optional(
        v.pipe(
          v.array(OpeningHourSchema),
          uniqueBy(
            'weekday',
            (rows, index, first) =>
              `${WEEKDAYS[rows[index].weekday]} (weekday ${rows[index].weekday}) has two rows, opening_hours.${first} and opening_hours.${index}: ${ONE_A_DAY('row a weekday')}`,
          ),
        ),
        [],
      ),
      /** One entry a date. */
      special_hours: v.optional(
        v.pipe(
          v.array(SpecialHourSchema),
          uniqueBy(
            'date',
            (entries, index, first) =>
              `${entries[index].date} has two entries, special_hours.${first} and special_hours.${index}: ${ONE_A_DAY('entry a date')}`,
          ),
        ),
        [],
      ),
    }),
    {},
  ),
  reviews: v.optional(v.strictObject({ average_rating: v.number(), count: v.number() })),
  image: v.optional(v.string()),
  dealer_license_number: v.optional(v.string()),
  motor_vehicle_repairer: v.optional(v.string()),
  /** Link to this location's stock search. */
  stock_url: v.optional(link),
  /** External service booking URL: closed days of a service location show 'Enquire Now' linking here. */
  booking_url: v.optional(httpUrl()),
});

/**
 * A special-hours entry's location_id, when given, is the id of the location it sits under, the
 * one it applies to: another id (a typo, or an entry pasted under the wrong location) stops the
 * tenant, naming the entry and the id, rather than showing holiday hours where nobody meant them.
 */
const specialHoursOfThisLocation = v.rawCheck<v.InferOutput<typeof LocationFields>>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const location = dataset.value;
  const { contact_detail: contact } = location;
  contact.special_hours.forEach((entry, index) => {
    if (entry.location_id === undefined || String(entry.location_id) === String(location.id)) return;
    addIssue({
      message: `the ${entry.date} entry names location_id ${entry.location_id}, but it sits under location ${location.id}, where it applies; give it location_id ${location.id} or none, or move it under location ${entry.location_id}`,
      input: entry.location_id,
      path: [
        { type: 'object', origin: 'value', input: location, key: 'contact_detail', value: contact },
        { type: 'object', origin: 'value', input: contact, key: 'special_hours', value: contact.special_hours },
        { type: 'array', origin: 'value', input: contact.special_hours, key: index, value: entry },
        { type: 'object', origin: 'value', input: entry, key: 'location_id', value: entry.location_id },
      ],
    });
  });
});

/** A location of the site (spec §3 "Location"); its special hours name no other location. */
export const LocationSchema = v.pipe(LocationFields, specialHoursOfThisLocation);

/**
 * A check that no two entries of a site.json list (`locations`, `dealerships`) share `key`, read
 * as text (7 and '7' are one id). A repeat stops the tenant, naming both fields and the value, and
 * `rule`: which names of the site read it.
 */
function uniqueWithinSite<Entry extends { name: string } & Record<Key, string | number>, Key extends string>(list: string, key: Key, rule: string) {
  return uniqueBy<Entry, Key>(
    key,
    (entries, index, first) =>
      `the ${key} ${String(entries[index][key])} is also ${list}.${first}.${key} (${JSON.stringify(entries[first].name)}); ${rule}: give one of them another ${key}`,
  );
}

/**
 * A location's slug is no other location's id (read as text): a lead's `location` and a car's
 * location match a location by either, so slug '7' beside a location with id 7 would send the
 * lead to whichever came first. The slug is the one named: the id comes from the feed.
 */
const slugsAreNoOtherId = v.rawCheck<v.InferOutput<typeof LocationSchema>[]>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const entries = dataset.value;
  const byId = new Map(entries.map((entry, index) => [String(entry.id), index]));
  entries.forEach((entry, index) => {
    const other = byId.get(entry.slug);
    if (other === undefined || other === index) return;
    addIssue({
      message: `the slug ${entry.slug} is also locations.${other}.id (${JSON.stringify(entries[other].name)}); leads and cars name a location by its slug or its id (read as text), so a location's slug is no other location's id: give it another slug`,
      input: entry.slug,
      path: [...entryField(entries, index, 'slug')],
    });
  });
});

/** The locations of a site (site.json `locations`), each with an id and a slug of its own. */
export const LocationsSchema = v.pipe(
  v.array(LocationSchema),
  uniqueWithinSite('locations', 'id', 'location ids are unique within a site (cars, leads and holiday entries name a location by its id)'),
  uniqueWithinSite('locations', 'slug', 'location slugs are unique within a site (cars, leads and the /locations/{slug} pages name a location by its slug)'),
  slugsAreNoOtherId,
);

export const DealershipSchema = v.strictObject({
  /** Dealership id, unique within the site (read as text: 3 and '3' are one id); a location names it in dealership_id. */
  id: v.union([v.number(), v.string()]),
  /** Dealership slug of /search/{slug}, unique within the site, no location's slug and no car-type search page's (used-cars, ...); a location names it in dealership_slug. */
  slug,
  /** Dealership name, shown on its locations' cards when the site lists several dealerships. */
  name: v.string(),
  average_rating: v.optional(v.number()),
  review_count: v.optional(v.number()),
});

/** The dealerships of a site (site.json `dealerships`), each with an id and a slug of its own. */
export const DealershipsSchema = v.pipe(
  v.array(DealershipSchema),
  uniqueWithinSite('dealerships', 'id', 'dealership ids are unique within a site (locations, cars and leads name a dealership by its id)'),
  uniqueWithinSite('dealerships', 'slug', 'dealership slugs are unique within a site (locations, cars, leads and search pages name a dealership by its slug)'),
);

/**
 * No location has a dealership's slug: /search/{slug} is the search page of one location or one
 * dealership (spec §2 "Search URLs"); with one slug for both, the route table kept the location's
 * page and the dealership's was never built. Piped onto the site schema, which holds both lists.
 */
export function locationSlugsApartFromDealerships<Site extends { locations: Location[]; dealerships: Dealership[] }>() {
  return v.rawCheck<Site>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const site = dataset.value;
    const { locations, dealerships } = site;
    const dealershipOf = new Map(dealerships.map((entry, index) => [entry.slug, index]));
    locations.forEach((location, index) => {
      const other = dealershipOf.get(location.slug);
      if (other === undefined) return;
      addIssue({
        message: `the slug ${location.slug} is also dealerships.${other}.slug (${JSON.stringify(dealerships[other].name)}); /search/{slug} is the search page of one location or one dealership: give one of them another slug`,
        input: location.slug,
        path: [{ type: 'object', origin: 'value', input: site, key: 'locations', value: locations }, ...entryField(locations, index, 'slug')],
      });
    });
  });
}

/**
 * No location or dealership has the slug of a car-type search page (CAR_TYPE_ROUTES, which every
 * site has): /search/{slug} would be both, and the route table kept the car-type page and never
 * built the location's or dealership's. Piped onto the site schema, which holds both lists.
 */
export function slugsApartFromCarTypeRoutes<Site extends { locations: Location[]; dealerships: Dealership[] }>() {
  return v.rawCheck<Site>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const site = dataset.value;
    for (const [list, kind] of [
      ['locations', 'location'],
      ['dealerships', 'dealership'],
    ] as const) {
      const entries: (Location | Dealership)[] = site[list];
      entries.forEach((entry, index) => {
        const route = CAR_TYPE_ROUTES.find((carType) => carType.slug === entry.slug);
        if (!route) return;
        // A location's field is named with the location (src/lib/site/tenant.ts); a dealership is named here.
        const whose = kind === 'dealership' ? ` of dealership ${entry.id} (${JSON.stringify(entry.name)})` : '';
        addIssue({
          message: `the slug ${entry.slug}${whose} is the car-type search page /search/${entry.slug} (${JSON.stringify(route.title)}) that every site has; /search/{slug} is the search page of one car type, location or dealership: give the ${kind} another slug`,
          input: entry.slug,
          path: [{ type: 'object', origin: 'value', input: site, key: list, value: entries }, ...entryField(entries, index, 'slug')],
        });
      });
    }
  });
}

export type Location = v.InferOutput<typeof LocationSchema>;
export type Dealership = v.InferOutput<typeof DealershipSchema>;
export type OpeningHour = v.InferOutput<typeof OpeningHourSchema>;
