/**
 * Optional tenant files of the demo tenants, made with the stock so their dates follow the
 * same clock: models.json (the franchise's range), reviews.json and offers.json.
 * Shapes: src/schemas/models.ts, reviews.ts, offers.ts.
 */
import type { Site } from '../../src/schemas/site.ts';
import { vehicleImageUrl } from '../../src/lib/images.ts';
import { slugify } from '../../src/lib/text/slug.ts';
import type { DemoProfile } from './profiles.ts';
import type { Random } from './random.ts';
import { ENGINES, MODELS } from './vehicles.ts';

const DAY = 86_400_000;

/** Range blurbs for the franchise brand (Toyota); other brands get a generic line. */
const BLURBS: Record<string, string> = {
  Yaris: 'The city car that makes every trip easy: nimble, frugal and packed with safety tech, now also as a self-charging hybrid.',
  'Yaris Cross': 'Compact SUV style with the Yaris\'s efficiency, a raised driving position and available hybrid all-wheel drive.',
  Corolla: 'Australia\'s favourite small car, with sharp looks, a quiet cabin and a hybrid that sips around 4 litres per 100km.',
  'Corolla Cross': 'A roomy small SUV with hybrid power, a big boot and Toyota Safety Sense as standard.',
  'C-HR': 'Bold coupe-SUV design with a premium cabin and an efficient hybrid drivetrain.',
  Camry: 'The mid-size sedan refined over generations: spacious, comfortable and now hybrid-only in its latest form.',
  RAV4: 'The SUV that does it all: hybrid efficiency, all-wheel-drive confidence and space for the whole family.',
  Kluger: 'Seven seats, hybrid all-wheel drive and the comfort to cross the country.',
  Prado: 'Go-anywhere capability with a refined cabin and a torquey turbo-diesel built for towing.',
  LandCruiser: 'The legend: twin-turbo V6 diesel, 3.5-tonne towing and genuine off-road ability.',
  'LandCruiser 70': 'Built for work in the toughest conditions, from mine sites to cattle stations.',
  HiLux: 'Unbreakable, and it tows 3.5 tonnes: Australia\'s workhorse ute in 4x2 and 4x4.',
  HiAce: 'The van tradies and couriers trust, with car-like safety and a huge cargo area.',
  GR86: 'A lightweight rear-drive sports coupe tuned by Toyota Gazoo Racing.',
  'GR Supra': 'A turbocharged straight-six sports car with near-perfect balance.',
  bZ4X: 'Toyota\'s first battery electric SUV, with up to 500 km of range and all-wheel drive available.',
};

/** models.json for a single-brand site: the brand's current range from the catalogue. */
export function modelsFile(site: Site, nowYear: number): unknown {
  const brand = site.manufacturer;
  if (!brand) return undefined;
  const models = MODELS.filter((spec) => spec.make === brand && spec.years[1] >= 2025).map((spec, index) => {
    const fuels = new Set(spec.badges.map((badge) => ENGINES[badge[2] ?? spec.engine]!.fuel));
    const fuel = fuels.size === 1 && (fuels.has('Electric') || fuels.has('Hybrid')) ? [...fuels][0] : undefined;
    const slug = slugify(spec.model);
    return {
      id: index + 1,
      name: spec.model,
      slug,
      manufacturer_name: brand,
      manufacturer_body: spec.body,
      body: [spec.body],
      ...(fuel ? { fuel } : {}),
      image: { url: vehicleImageUrl(spec.art ?? spec.shape, index % 3 === 0 ? 'red' : index % 3 === 1 ? 'white' : 'silver', 'angle') },
      from_price: Math.min(...spec.badges.map((badge) => badge[1])),
      short_description: BLURBS[spec.model] ?? `The ${brand} ${spec.model} range.`,
      status: spec.years[0] >= nowYear - 4 ? 'new' : '',
    };
  });
  return { manufacturer: { id: 1, name: brand, slug: brand.toLowerCase() }, models };
}

const FIRST_NAMES = ['Sarah', 'Jason', 'Priya', 'Michael', 'Emma', 'Liam', 'Chloe', 'Daniel', 'Mei', 'Tom', 'Aisha', 'Ben', 'Olivia', 'Nathan', 'Grace', 'Raj', 'Hannah', 'Luke', 'Zoe', 'Matt'];
const LAST_INITIALS = 'ABCDGHKLMNPRSTW';
const REVIEW_TEXTS: Record<DemoProfile['kind'], string[]> = {
  'used-group': [
    'Bought a used Ranger from the Eagle Farm yard. No pressure, honest answers and the car was spotless on pick-up.',
    'Finance was sorted in under an hour and they gave me a fair price for my old Corolla. Would buy here again.',
    'Great communication from start to finish. They video-called me with a walk-around before I drove up from the Gold Coast.',
    'Delivered my car to Toowoomba on the day they promised. Very happy with the whole experience.',
    'Friendly team, clean cars and no hidden fees. The history report gave me real peace of mind.',
    'Traded in my ute and drove away in a Kluger the same afternoon. Thanks to the Southport team!',
    'Had a small issue with a tyre after purchase and they fixed it without any fuss.',
    'The price was sharp and the car matched the photos and description exactly.',
    'Our second car from Sunstate. Straightforward, fair and friendly every time.',
    'A bit of a wait on a busy Saturday, but the salesperson was knowledgeable and honest.',
  ],
  franchise: [
    'Picked up our new RAV4 Hybrid today. The handover was thorough and the team explained every feature.',
    'Service department is excellent: loan car ready, washed car back, and the price matched the quote.',
    'Great experience buying a certified used Corolla. The extra warranty sealed the deal.',
    'Ordered a LandCruiser and they kept me updated every week until it arrived. Top service.',
    'Friendly, professional and no pressure. Best dealership experience I have had.',
    'Quick Smart service was done in 90 minutes while I had a coffee in the lounge.',
    'Fair trade-in price for my old Mazda and a great deal on a demo HiLux.',
    'Booking a service online was easy and the shuttle dropped me at work.',
    'Parts counter found the right towbar kit first time and had it fitted the same week.',
    'Delivery took longer than first quoted, but the team were upfront about it and looked after us.',
  ],
  'motorcycle': [
    'Picked up my first LAMS bike from the Townsville shop. They set the levers up for me and explained the running-in.',
    'Bought a used Isuzu NPR pantech for the business. Clean truck, honest history and finance sorted the same day.',
    'The workshop had my Tenere serviced and fitted with crash bars in one day.',
    'Great range of trail bikes and the team knew which one suited my height and experience.',
    'They found us a tipper with the right GVM for a car licence driver. Saved us a lot of headaches.',
    'Traded my Ninja 400 on an Africa Twin. Fair trade-in price and no pressure.',
    'The Mackay yard had three Canters to compare side by side. Easy choice.',
    'Delivered the truck to our depot in Charters Towers on the promised day.',
    'Parts counter had the chain and sprocket kit in stock. Friendly and quick.',
    'Took a while to get a test ride on a Saturday morning, but the bike was spot on.',
  ],
  caravan: [
    'Our handover took nearly two hours and covered everything. We felt confident towing on day one.',
    'Bought a used Jayco and it was immaculate. They even upgraded the battery before delivery.',
    'Helpful staff who matched the van to our Prado\'s towing capacity rather than upselling.',
    'Service team fitted solar and a DC-DC charger quickly and at a fair price.',
    'Great range to walk through at Capalaba and no pressure at all.',
    'Traded our camper trailer on a pop-top. Easy process and a fair price.',
    'Warranty repair on our fridge was handled without any hassle.',
    'Friendly team at Coffs Harbour, and they delivered the van to our home.',
    'They explained weights and ATM clearly, which other dealers had glossed over.',
    'Took a while to get a service booking in peak season, but the work was excellent.',
  ],
};

/** The photo a reviewer posts: the kind of vehicle the dealer sells (a local demo image). */
const REVIEW_PHOTOS: Record<DemoProfile['kind'], string> = {
  'used-group': vehicleImageUrl('ute', 'white', 'angle'),
  franchise: vehicleImageUrl('suv', 'silver', 'angle'),
  caravan: vehicleImageUrl('caravan', 'white', 'angle'),
  'motorcycle': vehicleImageUrl('motorcycle', 'blue', 'angle'),
};

function timeAgo(days: number): string {
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.round(days / 7)} weeks ago`;
  return `${Math.round(days / 30)} months ago`;
}

/** reviews.json: a dozen customer reviews with dates before the clock. */
export function reviewsFile(random: Random, profile: DemoProfile, site: Site, now: number): unknown {
  const texts = REVIEW_TEXTS[profile.kind];
  const reviews = texts.map((text, index) => {
    const days = 3 + index * 11 + random.int(0, 6);
    const date = new Date(now - days * DAY).toISOString().slice(0, 10);
    // The last text of each pool is the mixed review.
    const rating = index === texts.length - 1 ? 3 : random.chance(0.8) ? 5 : 4;
    return {
      id: `${profile.slug}-review-${index + 1}`,
      customer_name: `${random.pick(FIRST_NAMES)} ${random.pick([...LAST_INITIALS])}.`,
      text,
      rating,
      // Some reviewers add a photo of what they bought (audit 3.12: review images).
      ...(index % 4 === 0 ? { image: REVIEW_PHOTOS[profile.kind] } : {}),
      created_at_time_ago_in_words: timeAgo(days),
      review_date: date,
      review_date_in_words: timeAgo(days),
      ...(rating <= 3 || index === 0 ? { reply_text: `Thanks for your feedback. The ${site.name} team appreciates you taking the time to write.`, reply_date: new Date(now - (days - 2) * DAY).toISOString().slice(0, 10) } : {}),
    };
  });
  const total = site.dealerships.reduce((sum, dealership) => sum + (dealership.review_count ?? 0), 0);
  const weighted = site.dealerships.reduce((sum, dealership) => sum + (dealership.average_rating ?? 0) * (dealership.review_count ?? 0), 0);
  return {
    minimum_rating: 4,
    average_rating: total > 0 ? Math.round((weighted / total) * 10) / 10 : 4.6,
    count: total || reviews.length,
    source: 'Google',
    reviews,
  };
}

/** offers.json: current offers plus one expired and one upcoming (timed promo rules). */
export function offersFile(profile: DemoProfile, now: number): unknown {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  if (profile.kind === 'franchise') {
    return [
      { id: 'rav4-hybrid-driveaway', start: at(-14), expiry: at(45), position: 0, display: ['new'], title: 'RAV4 GX Hybrid from $43,990 drive away', description: 'Self-charging hybrid efficiency with Toyota Safety Sense. Limited stock.', image: vehicleImageUrl('suv', 'silver', 'angle'), button_label: 'View RAV4 Stock', button_href: '/search/toyota/rav4', price: 43990, price_label: 'Drive away', disclaimer: 'Offer valid on new RAV4 GX Hybrid 2WD vehicles ordered and delivered during the offer period. Excludes fleet and government buyers.' },
      { id: 'hilux-sr5-finance', start: at(-7), expiry: at(30), position: 1, display: ['new', 'demo'], title: 'HiLux SR5 from 4.99% p.a. comparison rate', description: 'Low-rate finance on new and demo HiLux SR5 4x4 utes.', image: vehicleImageUrl('ute', 'white', 'angle'), button_label: 'View HiLux Stock', button_href: '/search/toyota/hilux', disclaimer: 'Finance offer to approved applicants of Angle Auto Finance. Fees, charges and lending criteria apply.' },
      { id: 'certified-used', start: at(-30), expiry: at(90), position: 2, display: ['used'], title: 'Toyota Certified Pre-Owned', description: '90-point inspection, 1 year extra warranty and 12 months roadside assist.', image: vehicleImageUrl('hatch', 'red', 'angle'), button_label: 'Shop Certified', button_href: '/search/used-cars' },
      { id: 'service-plan', start: at(-60), expiry: at(120), title: 'Capped Price Servicing', description: 'Know what your service costs before you book.', image: vehicleImageUrl('suv', 'white', 'interior'), button_label: 'Book a Service', button_href: '/book-a-service' },
      { id: 'winter-runout-expired', start: at(-120), expiry: at(-2), title: 'Winter Runout (ended)', description: 'This offer has ended and must not be shown.', button_label: 'View', button_href: '/special-offers' },
      { id: 'new-year-upcoming', start: at(10), expiry: at(60), title: 'New Year Sale (coming soon)', description: 'Not shown before its start date.', button_label: 'View', button_href: '/special-offers' },
    ];
  }
  if (profile.kind === 'caravan') {
    return [
      { id: 'journey-outback', start: at(-10), expiry: at(50), position: 0, display: ['new'], title: 'Jayco Journey Outback from $78,990', description: 'Off-road ready with solar, lithium and a DC-DC charger included.', image: vehicleImageUrl('caravan', 'white', 'angle'), button_label: 'View Journey Stock', button_href: '/search/jayco/journey', price: 78990, price_label: 'On road', disclaimer: 'Price includes 12 months registration in QLD. While stocks last.' },
      { id: 'free-handover-kit', start: at(-20), expiry: at(40), position: 1, title: 'Free Handover Kit', description: 'Hoses, leads, chocks and a weight-distribution check with every van sold this month.', image: vehicleImageUrl('caravan', 'silver', 'interior'), button_label: 'Enquire Now', button_href: '/contact-us' },
      { id: 'service-special', start: at(-5), expiry: at(25), title: 'Annual Service from $349', description: 'Bearings, brakes, gas and electrical checks by our caravan technicians.', button_label: 'Book a Service', button_href: '/book-a-service', price: 349, price_label: 'From' },
      { id: 'autumn-show-expired', start: at(-90), expiry: at(-30), title: 'Autumn Show Specials (ended)', description: 'This offer has ended and must not be shown.', button_label: 'View', button_href: '/special-offers' },
    ];
  }
  if (profile.kind === 'motorcycle') {
    return [
      { id: 'lams-ready', start: at(-12), expiry: at(40), position: 0, display: ['new'], title: 'LAMS bikes from $4,999 ride away', description: 'Learner approved road, trail and scooter models with a free helmet voucher.', image: vehicleImageUrl('motorcycle', 'blue', 'angle'), button_label: 'View LAMS Bikes', button_href: '/search/new-cars?query=LAMS', price: 4999, price_label: 'Ride away', disclaimer: 'Ride-away price on a new Yamaha NMAX 155 in QLD. Helmet voucher up to $300, while stocks last.' },
      { id: 'truck-finance', start: at(-20), expiry: at(60), position: 1, display: ['new', 'demo'], title: 'Light truck finance from 6.49% p.a.', description: 'Business finance on new and demo light trucks up to 8 tonne GVM.', image: vehicleImageUrl('light-truck', 'white', 'angle'), button_label: 'View Trucks', button_href: '/search/new-and-demo-cars?query=truck', disclaimer: 'Finance to approved ABN holders through Taurus Finance. Fees, charges and lending criteria apply.' },
      { id: 'workshop-special', start: at(-5), expiry: at(30), title: 'Bike Service from $199', description: 'Oil, filter, chain adjustment and a safety check by our motorcycle technicians.', button_label: 'Book a Service', button_href: '/book-a-service', price: 199, price_label: 'From' },
      { id: 'winter-ride-expired', start: at(-100), expiry: at(-10), title: 'Winter Ride Days (ended)', description: 'This offer has ended and must not be shown.', button_label: 'View', button_href: '/special-offers' },
    ];
  }
  return undefined;
}
