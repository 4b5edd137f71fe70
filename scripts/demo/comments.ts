/**
 * Dealer comment sentences for the demo generator. Comments are assembled from these
 * so they read like a real yard's listings; some are long (over the spec's 400
 * character collapse) and some are empty.
 */
import type { Random } from './random.ts';

export interface CommentFacts {
  title: string;
  carType: 'new' | 'used' | 'demo';
  dealer: string;
  phone: string;
  city: string;
  equipment: string[];
  km: number | null;
  isCaravan: boolean;
  /** What the listing is: 'car', 'bike', 'truck' or 'caravan' (the comments name it). */
  noun: string;
  warranty: string;
}

const USED_OPENERS = [
  'This {title} has just arrived and presents beautifully inside and out.',
  'Looking for a reliable, well-kept {noun}? This {title} ticks every box.',
  'Immaculate {title} with a great history and plenty of life ahead of it.',
  'Our pick of the week: a clean, straight {title} that drives as good as it looks.',
  'Fresh trade-in! This {title} has been traded on a new vehicle and is ready to go.',
];
const NEW_OPENERS = [
  'Brand new {title} available now for immediate delivery.',
  'Drive away in a brand new {title} today: stock is arriving now.',
  'The all-new {title} is here. Come in and take one for a drive.',
];
const DEMO_OPENERS = [
  'Save thousands on this ex-demonstrator {title} with the balance of the factory warranty.',
  'Dealer demo {title}: as-new condition with only {km} on the clock.',
];
const CARAVAN_OPENERS = [
  'This {title} is ready for your next lap of Australia.',
  'Beautifully presented {title}, set up for couples who like to get off the beaten track.',
  'Family getaway sorted: this {title} has room for everyone and all the comforts of home.',
];
const HISTORY = [
  'Full service history with the logbook stamped on time.',
  'One owner from new with all books and both keys.',
  'Recently serviced with new tyres fitted all round.',
  'Independent pre-purchase inspection report available on request.',
  'Non-smoker owner, garage kept from new.',
];
const DEALER_LINES = [
  'At {dealer} every vehicle is mechanically inspected, and finance can be arranged on the spot with approval in as little as an hour.',
  'Trade-ins are welcome: bring your current vehicle to {city} for an on-the-spot valuation.',
  'We deliver across Queensland and New South Wales, so ask us about delivery to your door.',
  '{warranty}. Ask our team for the details.',
];
const CLOSERS = [
  'Call {phone} or enquire online to book your test drive today.',
  'Enquire now to secure this one before it is gone.',
  'Reserve it online with a fully refundable deposit, or call {phone} for more information.',
];
const LONG_PARAGRAPHS = [
  'On the road it is quiet, comfortable and easy to drive, with responsive steering and plenty of power for overtaking on the highway. The cabin is practical and well thought out, with storage for the whole family, and the boot swallows a week of groceries or the kids sports gear without complaint. Safety is taken care of with a full suite of airbags and driver assistance, so you can drive with confidence around town or on a weekend away.',
  'Buying from us is easy: every {noun} comes with a clear title guarantee, a roadworthy or safety certificate where required, and a 48-hour money-back guarantee on eligible vehicles. Our finance team works with a panel of lenders to find a competitive rate, and our friendly sales consultants are happy to video-call you with a walk-around if you cannot make it to the yard.',
  'On the road it is light, willing and easy to ride, with a comfortable seat, a clear dash and brakes you can trust. It suits the daily commute as well as a weekend run through the hills, and it has been checked over by our workshop so it is ready to ride away.',
  'It is set up for work with a strong chassis, a comfortable cab and easy access for loading, and it has been serviced and checked over by our truck workshop so it is ready to earn its keep from day one.',
  'Set up for touring with quality fittings throughout, it offers a comfortable island bed, plenty of overhead storage and a full kitchen with a generous bench. Solar, lithium and a DC-DC charger mean you can stay off-grid for days, while the independent suspension and checkerplate protection handle corrugated outback roads with ease.',
];

function fill(text: string, facts: CommentFacts): string {
  return text
    .replaceAll('{title}', facts.title)
    .replaceAll('{noun}', facts.noun)
    .replaceAll('{dealer}', facts.dealer)
    .replaceAll('{phone}', facts.phone)
    .replaceAll('{city}', facts.city)
    .replaceAll('{warranty}', facts.warranty)
    .replaceAll('{km}', facts.km === null ? 'delivery kilometres' : `${facts.km.toLocaleString('en-AU')} km`);
}

/** A dealer comment; `long` adds paragraphs so the text passes 400 characters. */
export function dealerComment(random: Random, facts: CommentFacts, long: boolean): string {
  const openers = facts.isCaravan ? CARAVAN_OPENERS : facts.carType === 'new' ? NEW_OPENERS : facts.carType === 'demo' ? DEMO_OPENERS : USED_OPENERS;
  const parts: string[] = [fill(random.pick(openers), facts)];
  if (facts.equipment.length >= 3) {
    const [a, b, c] = random.sample(facts.equipment, 3);
    parts.push(`Highlights include ${a}, ${b} and ${c}.`);
  }
  if (facts.carType === 'used') parts.push(fill(random.pick(HISTORY), facts));
  const paragraphs = [parts.join(' ')];
  if (long) {
    const road = facts.noun === 'bike' ? LONG_PARAGRAPHS[2]! : facts.noun === 'truck' ? LONG_PARAGRAPHS[3]! : LONG_PARAGRAPHS[0]!;
    const pool = facts.isCaravan ? [LONG_PARAGRAPHS[4]!, LONG_PARAGRAPHS[1]!] : [road, LONG_PARAGRAPHS[1]!];
    paragraphs.push(...pool.map((paragraph) => fill(paragraph, facts)));
    paragraphs.push(random.sample(DEALER_LINES, 2).map((line) => fill(line, facts)).join(' '));
  } else if (random.chance(0.4)) {
    paragraphs.push(fill(random.pick(DEALER_LINES), facts));
  }
  paragraphs.push(fill(random.pick(CLOSERS), facts));
  return paragraphs.join('\n\n');
}
