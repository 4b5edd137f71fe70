/**
 * The sentence reader (docs/search.md "Sentences"): a shopper's sentence ("diesel ute under
 * 30k auto") read into facet refinements, numeric ranges, a sort and the words left over, from
 * the tenant's own facet values (one unfiltered facet answer of either engine) and the phrasing
 * of ./sentence-words.ts. Pure and browser-safe: no model, no server.
 *
 * Contract: the same vocabulary, dealer words, sentence and year give the same reading, so both
 * engines filter alike. A word is only read as a value the stock has (counts aside: '7 seater'
 * is seats 7 even where no car has seven); a word it cannot place stays a keyword; what a
 * negation reaches ('no sunroof', 'not 2018') is nothing, never its opposite nor a keyword; a
 * comparator starting with one is the bound it leaves ('not over 30k'). Passes: docs/search.md.
 */
import {
  COLOUR_PLACES,
  COMPOUND_PHRASES,
  CONJUNCTIONS,
  FILLER_WORDS,
  INTERIOR_MATERIALS,
  INTERIOR_WORDS,
  MAKE_NICKNAMES,
  MEANINGS,
  MODAL_WORDS,
  NEGATIONS,
  NUMBER_WORDS,
  PLACE_WORD_FORMS,
  PRICE_TERMS,
  type FacetMeaning,
} from './sentence-words.ts';
import { editDistance } from '../../schemas/spelling.ts';
import { FACET_LIMITS } from './config.ts';

/** A numeric range; either side may be open. */
export interface RangeBounds {
  min?: number;
  max?: number;
}

/** A dealer's own words (site.json `search_words`): phrases and what they mean. */
export interface DealerWords {
  words: readonly string[];
  refine?: Readonly<Record<string, readonly string[]>>;
  range?: Readonly<Record<string, RangeBounds>>;
  ignore?: boolean;
}

/** What the reader learns a tenant's words from. */
export interface VocabularySource {
  /** Facet values of the tenant's stock by attribute: an unfiltered facet answer (counts are not used) or plain lists. */
  facets: Readonly<Record<string, Readonly<Record<string, number>> | readonly string[]>>;
  /** The dealer's words; they win over everything else. */
  words?: readonly DealerWords[];
}

/** One understood part of a sentence, with the characters it came from. */
export interface ReadPart {
  start: number;
  end: number;
  text: string;
  kind: 'refine' | 'range' | 'sort' | 'ignore';
  /** refine: attribute -> values (a make and model phrase gives two). */
  refine?: Record<string, string[]>;
  /** range: the attribute and its bounds. */
  attribute?: string;
  min?: number;
  max?: number;
  sortBy?: string;
  /** The name of a meaning that answered several values ('White', 'Petrol'). */
  label?: string;
  /** Read as a misspelling of a make or model. */
  fuzzy?: boolean;
}

/** What a sentence says. */
export interface SentenceReading {
  refinementList: Record<string, string[]>;
  range: Record<string, RangeBounds>;
  sortBy?: string;
  /** The words left over, as typed, for the keyword search. */
  query: string;
  parts: ReadPart[];
}

/** The facets the reader learns from (one unfiltered facet request of either engine asks for these). */
export const VOCABULARY_FACETS = [
  'make',
  'model',
  'make_model',
  'badge',
  'body',
  'fuel',
  'transmission',
  'drive',
  'final_drive',
  'colour',
  'seats',
  'sleeps',
  'state',
  'city',
  'location_name',
  'dealership_name',
  'item_type',
  'car_type',
  'tag',
  'certified',
  'filtered_features',
  'weekly_price_range',
] as const;

type Target =
  | { kind: 'refine'; refine: Record<string, string[]> }
  | { kind: 'range'; attribute: string; min?: number; max?: number }
  | { kind: 'sort'; sortBy: string }
  | { kind: 'ignore' };

interface Entry {
  tier: number;
  target: Target;
  label?: string;
  /** A make said with the number its model is named by ('toyota 86'): that number (modelNumber). */
  modelNumber?: number;
}

/** A compiled vocabulary: build once per tenant, read many sentences. */
export interface SentenceVocabulary {
  readonly phrases: ReadonlyMap<string, Entry>;
  readonly maxWords: number;
  /** Keys a misspelling may reach (makes, models, a few long words), by first letter. */
  readonly fuzzy: ReadonlyMap<string, readonly { key: string; entry: Entry; edits: number }[]>;
  /** Lower-case model -> the makes that have it. */
  readonly makesOfModel: ReadonlyMap<string, readonly string[]>;
  /** Lower-case make -> its models as the stock spells them; empty where the make > model facet was cut at its limit (the lists may miss models). */
  readonly modelsOfMake: ReadonlyMap<string, readonly string[]>;
  /** Numeric values of count facets (seats, sleeps). */
  readonly counts: ReadonlyMap<string, readonly number[]>;
  /** Weekly repayment bands ('$150 - $200'). */
  readonly weeklyBands: readonly { value: string; low: number; high: number }[];
}

// Tiers: from one word on, the longest phrase wins; at the same span the lower tier.
const TIER = {
  dealer: 0,
  meaning: 1,
  value: 2,
  makeModel: 2.5,
  make: 3,
  model: 4,
  city: 5,
  location: 5.1,
  dealership: 5.2,
  colour: 6,
  feature: 6,
  badge: 7,
  tag: 8,
} as const;
const MAX_WORDS = 6;
/** Facets whose values are words a shopper types as they are ('Diesel', 'Belt'); their built-in words may be misspelt. */
const WORD_FACETS: readonly string[] = ['body', 'fuel', 'transmission', 'drive', 'final_drive'];
/** Words read into filters; a longer text (a pasted paragraph) is read up to here and the rest is keywords, so a keystroke never waits on it. */
const MAX_TOKENS = 40;
/** Model values that are not names. */
const NOT_NAMES = new Set(['other', 'others', 'unknown', 'none', 'various', 'na', 'n/a', 'null', 'model', 'series']);
/** Last words of a make's name that say what it makes ('Lotus Caravans', 'Zone RV'): the make is also read without them. */
const MAKE_SUFFIXES = new Set(['caravans', 'caravan', 'campers', 'rv', 'rvs', 'motorhomes', 'motors', 'motor', 'trucks', 'cars', 'motorcycles', 'australia']);
/** Last words of a place name too generic to stand for it alone. */
const GENERIC_PLACE = new Set([
  'coast',
  'heads',
  'south',
  'north',
  'east',
  'west',
  'city',
  'central',
  'centre',
  'center',
  'mountains',
  'bay',
  'beach',
  'valley',
  'park',
  'hills',
  'yard',
  'cars',
  'motors',
  'trucks',
  'group',
  'auto',
  'autos',
  'sales',
  'service',
  'parts',
]);

/** Lower case, accents removed. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The key of a phrase: its letters and digits only ('CX-5' and 'cx 5' -> 'cx5'). */
export function phraseKey(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whole words of a text, folded. */
function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** A place name in each of its spellings (PLACE_WORD_FORMS: 'Mount Druitt', 'mt druitt'); a one-word name as it is. */
function placeSpellings(name: string): string[] {
  const words = wordsOf(name);
  if (words.length < 2) return [name];
  let spellings: string[][] = [[]];
  for (const word of words) {
    const forms = PLACE_WORD_FORMS.find((group) => group.includes(word)) ?? [word];
    spellings = spellings.flatMap((start) => forms.map((form) => [...start, form]));
  }
  return spellings.map((spelling) => spelling.join(' '));
}

/**
 * The number a model is named by ('GR86', 'GT86', '86 GT' -> '86'; 'i30' -> '30'; 'LandCruiser 70'
 * -> '70'): two digits or more glued to a prefix of one or two letters, or a number standing as a
 * word, with at most one word of letters after it. Never letters and one digit ('X5', 'A4', 'RAV4':
 * X3 and the 3 Series, A4 and S4 are other cars), a hyphened name ('CX-3', 'e-2008'), part of a
 * longer number ('186') or a decimal ('1.8').
 */
function modelNumber(model: string): string | undefined {
  const words = model.trim().split(/\s+/);
  for (const [at, word] of words.entries()) {
    const number = /^\d+$/.test(word) ? word : /^\p{L}{1,2}(\d{2,})$/u.exec(word)?.[1];
    if (!number) continue;
    const after = words.slice(at + 1);
    const lettersOnly = (other: string) => /^\p{L}+$/u.test(other);
    return words.slice(0, at).every(lettersOnly) && after.length <= 1 && after.every(lettersOnly) ? number : undefined;
  }
  return undefined;
}

/**
 * A facet's values in code-unit order: engines order tied counts differently, and the reading must
 * not depend on which engine answered.
 */
function valuesOf(source: VocabularySource, attribute: string): string[] {
  const raw = source.facets[attribute];
  if (!raw) return [];
  return (Array.isArray(raw) ? [...(raw as readonly string[])] : Object.keys(raw)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The values of a facet a meaning stands for (sentence-words.ts: exact, else family minus except). */
function resolveMeaning(meaning: FacetMeaning, values: readonly string[]): string[] {
  const exact = new Set((meaning.exact ?? []).map(phraseKey));
  const equal = values.filter((value) => exact.has(phraseKey(value)));
  if (equal.length > 0 || !meaning.family) return equal;
  const has = (value: string, phrase: string) => ` ${wordsOf(value).join(' ')} `.includes(` ${wordsOf(phrase).join(' ')} `);
  return values.filter((value) => meaning.family!.some((word) => has(value, word)) && !(meaning.except ?? []).some((word) => has(value, word)));
}

/** Compile a tenant's vocabulary: its facet values, the built-in phrasing, the dealer's words. */
export function compileVocabulary(source: VocabularySource): SentenceVocabulary {
  const phrases = new Map<string, Entry>();
  let maxWords = 1;
  const add = (phrase: string, entry: Entry) => {
    const key = phraseKey(phrase);
    if (!key) return;
    maxWords = Math.max(maxWords, Math.min(MAX_WORDS, wordsOf(phrase).length));
    const existing = phrases.get(key);
    if (!existing || entry.tier < existing.tier) {
      phrases.set(key, entry);
      return;
    }
    // Two values of one facet with the same key ('Landcruiser', 'Land Cruiser'): both.
    if (entry.tier === existing.tier && existing.target.kind === 'refine' && entry.target.kind === 'refine') {
      const merged: Record<string, string[]> = { ...existing.target.refine };
      for (const [attribute, values] of Object.entries(entry.target.refine)) merged[attribute] = [...new Set([...(merged[attribute] ?? []), ...values])];
      phrases.set(key, { ...existing, target: { kind: 'refine', refine: merged } });
    }
  };
  const refine = (attribute: string, values: string[]): Target => ({ kind: 'refine', refine: { [attribute]: values } });

  // The dealer's words first: they win every phrase they name.
  for (const words of source.words ?? []) {
    const target: Target = words.ignore
      ? { kind: 'ignore' }
      : words.range
        ? (() => {
            const [attribute, bounds] = Object.entries(words.range)[0]!;
            return { kind: 'range', attribute, ...bounds } as Target;
          })()
        : { kind: 'refine', refine: Object.fromEntries(Object.entries(words.refine ?? {}).map(([attribute, values]) => [attribute, [...values]])) };
    for (const phrase of words.words) add(phrase, { tier: TIER.dealer, target });
  }

  // Built-in meanings, resolved against the stock's values; a meaning the stock cannot answer is left out.
  const itemTypes = valuesOf(source, 'item_type');
  const fuzzyWords: { key: string; entry: Entry }[] = [];
  for (const meaning of MEANINGS) {
    let entry: Entry | null = null;
    if (meaning.kind === 'facet') {
      const values = resolveMeaning(meaning, valuesOf(source, meaning.attribute));
      if (values.length > 0) entry = { tier: TIER.meaning, target: refine(meaning.attribute, values), label: meaning.label };
    } else if (meaning.kind === 'vehicle-kind') {
      const values = itemTypes.filter((value) => meaning.values.includes(fold(value)));
      // A site of several kinds refines; a site whose stock is all of this kind reads nothing into the word.
      if (values.length > 0) entry = { tier: TIER.meaning, target: itemTypes.length > 1 ? refine('item_type', values) : { kind: 'ignore' } };
    } else if (meaning.kind === 'range') {
      entry = { tier: TIER.meaning, target: { kind: 'range', attribute: meaning.attribute, min: meaning.min, max: meaning.max } };
    } else if (meaning.kind === 'sort') {
      entry = { tier: TIER.meaning, target: { kind: 'sort', sortBy: meaning.sortBy } };
    } else {
      entry = { tier: TIER.meaning, target: { kind: 'ignore' } };
    }
    if (!entry) continue;
    for (const phrase of meaning.phrases) {
      // Earlier meanings keep a phrase (add only replaces a higher tier).
      if (phrases.get(phraseKey(phrase))?.tier === TIER.meaning) continue;
      add(phrase, entry);
      const key = phraseKey(phrase);
      if (meaning.kind === 'facet' && key.length >= 5 && /^\p{L}+$/u.test(key) && WORD_FACETS.includes(meaning.attribute)) fuzzyWords.push({ key, entry });
    }
  }

  // Phrases of several meanings, where the stock answers every one (else their words are read one by one).
  for (const [phrase, said] of Object.entries(COMPOUND_PHRASES)) {
    const refine: Record<string, string[]> = {};
    const entries = said.map((part) => phrases.get(phraseKey(part)));
    if (!entries.every((entry) => entry?.tier === TIER.meaning && entry.target.kind === 'refine')) continue;
    for (const entry of entries)
      for (const [attribute, values] of Object.entries((entry!.target as { refine: Record<string, string[]> }).refine))
        refine[attribute] = [...new Set([...(refine[attribute] ?? []), ...values])];
    add(phrase, { tier: TIER.meaning, target: { kind: 'refine', refine } });
  }

  // The stock's own values.
  for (const attribute of WORD_FACETS) for (const value of valuesOf(source, attribute)) add(value, { tier: TIER.value, target: refine(attribute, [value]) });
  const makes = valuesOf(source, 'make');
  const makeByKey = new Map(makes.map((make) => [phraseKey(make), make]));
  /** A make -> its other names ('lotus' for 'Lotus Caravans', the nicknames 'merc', 'benz'): said with a model or its number as the make is. */
  const otherNames = new Map<string, string[]>();
  const addOtherName = (make: string, name: string) => {
    add(name, { tier: TIER.make, target: refine('make', [make]) });
    otherNames.set(make, [...(otherNames.get(make) ?? []), name]);
  };
  for (const make of makes) {
    add(make, { tier: TIER.make, target: refine('make', [make]) });
    const words = wordsOf(make);
    while (words.length > 1 && MAKE_SUFFIXES.has(words[words.length - 1]!)) words.pop();
    if (words.length < wordsOf(make).length && words.join('').length >= 4) addOtherName(make, words.join(' '));
  }
  for (const [make, nicknames] of Object.entries(MAKE_NICKNAMES)) {
    const value = makeByKey.get(phraseKey(make));
    if (value) for (const nickname of nicknames) addOtherName(value, nickname);
  }
  /** Phrases of a make's other name with a model or its number: left out of what a misspelling may reach (a misspelling reaches the name and the model apart). */
  const otherNamePhrases = new Set<string>();
  /**
   * Adds a make-and-model phrase under each other name of the make too: a name that stands for
   * this make alone (not 'great wall' where the stock has the make Great Wall beside GWM, nor a
   * dealer's word), where no phrase of the vocabulary has that key yet.
   */
  const addUnderOtherNames = (make: string, said: string, entry: Entry) => {
    for (const name of otherNames.get(make) ?? []) {
      const named = phrases.get(phraseKey(name));
      const alone = named?.tier === TIER.make && named.target.kind === 'refine' && named.target.refine.make?.length === 1;
      const key = phraseKey(`${name} ${said}`);
      if (!alone || phrases.has(key)) continue;
      add(`${name} ${said}`, entry);
      otherNamePhrases.add(key);
    }
  };
  const models = valuesOf(source, 'model');
  for (const model of models) {
    const key = phraseKey(model);
    if (key.length < 2 || /^\d+$/.test(key) || NOT_NAMES.has(key)) continue;
    add(model, { tier: TIER.model, target: refine('model', [model]) });
  }

  const makesOfModel = new Map<string, string[]>();
  const modelsOfMake = new Map<string, string[]>();
  /** Make and a number in its models' names -> the models holding it, by phrase key (modelNumbers). */
  const numbered = new Map<string, { make: string; number: string; models: Map<string, string[]> }>();
  for (const pair of valuesOf(source, 'make_model')) {
    const at = pair.indexOf(' > ');
    if (at <= 0) continue;
    const make = pair.slice(0, at);
    const model = pair.slice(at + 3);
    const list = makesOfModel.get(model.toLowerCase()) ?? [];
    if (!list.includes(make)) list.push(make);
    makesOfModel.set(model.toLowerCase(), list);
    const ofMake = modelsOfMake.get(make.toLowerCase()) ?? [];
    if (!ofMake.includes(model)) ofMake.push(model);
    modelsOfMake.set(make.toLowerCase(), ofMake);
    // 'Mazda 3', 'Toyota 86': a model named by a number is read with its make; a model of
    // the same spelling ('Mazda3') is the same car.
    const key = phraseKey(`${make} ${model}`);
    const same = phrases.get(key);
    const models = same?.tier === TIER.model && same.target.kind === 'refine' ? (same.target.refine.model ?? []) : [];
    add(`${make} ${model}`, { tier: TIER.makeModel, target: { kind: 'refine', refine: { make: [make], model: [...new Set([model, ...models])] } } });
    const number = NOT_NAMES.has(phraseKey(model)) ? undefined : modelNumber(model);
    if (number === undefined) continue;
    const group = numbered.get(`${make}\u0000${number}`) ?? { make, number, models: new Map<string, string[]>() };
    const spellings = group.models.get(phraseKey(model)) ?? [];
    group.models.set(phraseKey(model), [...spellings, model]);
    numbered.set(`${make}\u0000${number}`, group);
  }
  // The make's other names with its models ('vw golf', 'subie 360'), as the make with them (its spellings merged).
  for (const pair of valuesOf(source, 'make_model')) {
    const [make, model] = [pair.slice(0, pair.indexOf(' > ')), pair.slice(pair.indexOf(' > ') + 3)];
    const entry = pair.indexOf(' > ') > 0 ? phrases.get(phraseKey(`${make} ${model}`)) : undefined;
    if (entry?.tier === TIER.makeModel) addUnderOtherNames(make, model, entry);
  }
  // 'toyota 86' where the stock has the GR86 ('GT86', '86 GT' in other feeds): a number said
  // with its make is the one model of that make named by it (modelNumber). Where the stock has
  // several ('86' and 'GR86'), or the make > model facet was cut at its limit (a model may be
  // missing), the phrases stand as they are: the model '86' itself, else the make and the
  // keyword. The reader skips it for a year and before a phrase it knows ('toyota 70 series').
  // A make's other names the same ('merc 63' as 'mercedes-benz 63').
  const modelsComplete = valuesOf(source, 'make_model').length < FACET_LIMITS.make_model;
  for (const { make, number, models } of numbered.values()) {
    if (!modelsComplete || models.size !== 1 || phrases.has(phraseKey(`${make} ${number}`))) continue;
    const target: Target = { kind: 'refine', refine: { make: [make], model: [...models.values()][0]! } };
    const entry: Entry = { tier: TIER.makeModel, target, modelNumber: Number(number) };
    add(`${make} ${number}`, entry);
    addUnderOtherNames(make, number, entry);
  }
  // Places: a city, a location or dealership by its full name or by what sets it apart, in any spelling.
  const addPlace = (name: string, entry: Entry) => placeSpellings(name).forEach((spelling) => add(spelling, entry));
  for (const city of valuesOf(source, 'city')) addPlace(city, { tier: TIER.city, target: refine('city', [city]) });
  for (const [attribute, tier] of [
    ['location_name', TIER.location],
    ['dealership_name', TIER.dealership],
  ] as const) {
    const names = valuesOf(source, attribute);
    const wordLists = names.map(wordsOf);
    for (const [index, name] of names.entries()) {
      addPlace(name, { tier, target: refine(attribute, [name]) });
      const words = wordLists[index]!;
      // After the words every name of the tenant starts with (its brand): 'Sunshine Coast'.
      let common = 0;
      while (names.length > 1 && common < words.length - 1 && wordLists.every((other) => other[common] === words[common])) common += 1;
      const tails = [words.slice(common).join(' ')];
      const last = words[words.length - 1]!;
      if (last.length >= 4 && !GENERIC_PLACE.has(last) && wordLists.filter((other) => other[other.length - 1] === last).length === 1) tails.push(last);
      for (const tail of tails)
        if (tail && tail !== words.join(' ') && phraseKey(tail).length >= 4) addPlace(tail, { tier, target: refine(attribute, [name]) });
    }
  }
  for (const colour of valuesOf(source, 'colour')) add(colour, { tier: TIER.colour, target: refine('colour', [colour]) });
  for (const feature of valuesOf(source, 'filtered_features')) add(feature, { tier: TIER.feature, target: refine('filtered_features', [feature]) });
  for (const badge of valuesOf(source, 'badge')) {
    const key = phraseKey(badge);
    if (key.length >= 2 && !/^\d+$/.test(key) && !NOT_NAMES.has(key)) add(badge, { tier: TIER.badge, target: refine('badge', [badge]) });
  }
  for (const tag of valuesOf(source, 'tag')) if (phraseKey(tag).length >= 2) add(tag, { tier: TIER.tag, target: refine('tag', [tag]) });

  // What a misspelling may reach: makes and models, and the long words of the phrasing.
  const fuzzy = new Map<string, { key: string; entry: Entry; edits: number }[]>();
  const reach = (key: string, entry: Entry, edits: number) => {
    if (key.length < 4 || !/\p{L}/u.test(key)) return;
    const list = fuzzy.get(key[0]!) ?? [];
    list.push({ key, entry, edits });
    fuzzy.set(key[0]!, list);
  };
  for (const [key, entry] of phrases) {
    const refined = entry.target.kind === 'refine' ? Object.keys(entry.target.refine) : [];
    // Makes and models: one slip, two from eight letters ('mitsibushi', 'landcrusier').
    // Not a make with a model's number: the reader checks the number is no year nor the start of a phrase.
    if (
      (entry.tier === TIER.make || entry.tier === TIER.model || entry.tier === TIER.makeModel) &&
      refined.length > 0 &&
      entry.modelNumber === undefined &&
      !otherNamePhrases.has(key)
    )
      reach(key, entry, key.length >= 8 ? 2 : 1);
  }
  for (const { key, entry } of fuzzyWords) if (phrases.get(key) === entry) reach(key, entry, 1);

  const counts = new Map<string, number[]>();
  for (const attribute of ['seats', 'sleeps']) {
    counts.set(
      attribute,
      valuesOf(source, attribute)
        .map(Number)
        .filter((value) => Number.isFinite(value))
        .sort((a, b) => a - b),
    );
  }
  // '$150 - $200', and the open top band '$1,000 and over' (src/lib/finance/repayment-band.ts).
  const weeklyBands = valuesOf(source, 'weekly_price_range')
    .flatMap((value) => {
      const numbers = value.replace(/,/g, '').match(/\d+(\.\d+)?/g);
      if (numbers && numbers.length >= 2) return [{ value, low: Number(numbers[0]), high: Number(numbers[1]) }];
      return numbers?.length === 1 && /\band over\b|\+\s*$/i.test(value) ? [{ value, low: Number(numbers[0]), high: Number.POSITIVE_INFINITY }] : [];
    })
    .sort((a, b) => a.low - b.low);
  return { phrases, maxWords, fuzzy, makesOfModel, modelsOfMake: modelsComplete ? modelsOfMake : new Map(), counts, weeklyBands };
}

interface Token {
  /** As typed (a number with its thousands separators and '$'). */
  text: string;
  /** Folded; digits only for a number ('30,000' -> '30000'), no apostrophe inside a word ("don't" -> 'dont'). */
  norm: string;
  /** Letters and digits of `norm` ('2.5' -> '25'): what phrase keys are made of. */
  key: string;
  start: number;
  end: number;
  /** An operator written as a symbol: '<', '>', '<=', '>=', '~', '&', '+'. */
  symbol?: string;
  dollar: boolean;
  plus: boolean;
  /** A '-' (or '–') stood between this word and the one before. */
  dashBefore: boolean;
  /** Written against the word before with a hyphen and no space ('d-max', 'cx-5'): part of a name. */
  joined: boolean;
  /** A number written with spaces between its thousands ('30 000'). */
  spaced?: boolean;
  /** A '/' stood between this word and the one before ('p/w'). */
  slashBefore: boolean;
  used: boolean;
  /** Read as nothing for a negation before it. */
  negated?: boolean;
  /** A word of a negation (NEGATIONS): the tokens of the whole phrase, `end` exclusive. */
  negation?: { start: number; end: number };
}

const TOKEN = /(\$\s?)?([\p{L}\p{N}]+(?:\.\d+)?)(\+)?|(<=|>=|[<>~&+])|([-–—/])/gu;

function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  let dash = false;
  let slash = false;
  let joined = false;
  let dashEnd = -1;
  for (const match of sentence.matchAll(TOKEN)) {
    const start = match.index!;
    if (match[5]) {
      if (match[5] === '/') slash = true;
      else {
        dash = true;
        const before = tokens[tokens.length - 1];
        joined = Boolean(before && before.end === start && /\p{L}/u.test(before.norm));
        dashEnd = start + match[0].length;
      }
      continue;
    }
    const previous = tokens[tokens.length - 1];
    const between = previous ? sentence.slice(previous.end, start) : '';
    const extend = (token: Token, norm: string) => {
      token.text = sentence.slice(token.start, start + match[0].length);
      token.norm = norm;
      token.key = phraseKey(norm);
      token.end = start + match[0].length;
      token.plus ||= Boolean(match[3]);
    };
    // '30,000' is one number: digits after a comma right behind a number, a unit against them too ('50,000kms').
    if (match[2] && previous && !previous.symbol && /^\d+$/.test(previous.norm) && between === ',' && /^\d{3}(\.\d+)?\p{L}*$/u.test(match[2])) {
      extend(previous, previous.norm + fold(match[2]));
      continue;
    }
    // '30 000', '1 250 000': groups of three digits after a space (or a no-break space) behind a number of one to three digits are one number.
    if (
      match[2] &&
      !match[1] &&
      previous &&
      !previous.symbol &&
      (/^\d{1,3}$/.test(previous.norm) || (previous.spaced && /^\d+$/.test(previous.norm))) &&
      /^[ \u00a0\u202f]$/.test(between) &&
      /^\d{3}(\.\d+)?\p{L}*$/u.test(match[2])
    ) {
      extend(previous, previous.norm + fold(match[2]));
      previous.spaced = true;
      continue;
    }
    // An apostrophe-s after a number is its plural: "1990's" is '1990s', "100k's" is '100k' (not 100 ks).
    if (match[2] && previous && /^\d/.test(previous.norm) && /^['’]$/.test(between) && fold(match[2]) === 's') {
      extend(previous, /^\d+$/.test(previous.norm) ? `${previous.norm}s` : previous.norm);
      continue;
    }
    // An apostrophe inside a word keeps it one word, folded without it: "don't" is 'dont', "o'brien" 'obrien'.
    if (match[2] && !match[1] && previous && /^\p{L}/u.test(previous.norm) && /^['’]$/.test(between) && /^\p{L}+$/u.test(match[2])) {
      extend(previous, previous.norm + fold(match[2]));
      continue;
    }
    tokens.push({
      text: match[0],
      norm: match[4] ? match[4] : fold(match[2]!),
      key: match[4] ? '' : phraseKey(match[2]!),
      start,
      end: start + match[0].length,
      symbol: match[4],
      dollar: Boolean(match[1]),
      plus: Boolean(match[3]),
      dashBefore: dash,
      joined: joined && start === dashEnd,
      slashBefore: slash,
      used: false,
    });
    dash = false;
    slash = false;
    joined = false;
  }
  return tokens;
}

/** Whether a comma (or a semicolon) stands between two tokens: what a negation reaches ends there. */
const commaBetween = (sentence: string, before: Token, after: Token) => /[,;]/.test(sentence.slice(before.end, after.start));

/** The negations as their words, longest first. */
const NEGATION_PHRASES = [...NEGATIONS].map((phrase) => phrase.split(' ')).sort((a, b) => b.length - a.length);

/** Marks the words of each negation, the longest phrase first and left to right ('not a fan of', 'anything but'), never across a comma. */
function markNegations(tokens: Token[], sentence: string): void {
  for (let index = 0; index < tokens.length; index += 1) {
    const words = NEGATION_PHRASES.find((phrase) =>
      phrase.every((word, offset) => {
        const token = tokens[index + offset];
        return token && !token.symbol && token.norm === word && (offset === 0 || !commaBetween(sentence, tokens[index + offset - 1]!, token));
      }),
    );
    if (!words) continue;
    const negation = { start: index, end: index + words.length };
    for (let at = negation.start; at < negation.end; at += 1) tokens[at]!.negation = negation;
    index = negation.end - 1;
  }
}

/**
 * Where the ignored part of a negated part starting at `index` begins, or -1: at an unread
 * negation word before it with only filler words between ('without a sunroof'), or at the 'or'
 * after a negated thing ('no sunroof or tow bar'); never across a comma or an 'and' of CONJUNCTIONS.
 */
function negationBefore(tokens: readonly Token[], sentence: string, index: number): number {
  let list = -1;
  for (let at = index - 1; at >= 0; at -= 1) {
    const token = tokens[at]!;
    if (token.symbol || commaBetween(sentence, token, tokens[at + 1]!)) return -1;
    if (token.used) return list >= 0 && token.negated ? list : -1;
    if (token.negation) return token.negation.start;
    if (CONJUNCTIONS.get(token.norm) === 'or') list = list >= 0 ? list : at;
    // An unread word before an 'or' may be a negated thing not yet dropped ('no dents or sunroof').
    else if (CONJUNCTIONS.get(token.norm) === 'and' || (!FILLER_WORDS.has(token.norm) && (list < 0 || !/\p{L}/u.test(token.norm)))) return -1;
  }
  return -1;
}

/**
 * The end (exclusive) of the unread words a negation starting at `at` reaches ('no sunroof',
 * 'without leather seats', 'other than rust'): up to a word already read, a number, another
 * negation, a comma or an 'and' of CONJUNCTIONS; a hyphened group whole. Filler words at the end
 * are not reached.
 */
function negationReach(tokens: readonly Token[], sentence: string, at: number): number {
  let end = tokens[at]!.negation!.end;
  for (let index = end; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.used) break;
    if (!token.joined) {
      const ends = token.symbol || token.negation || CONJUNCTIONS.get(token.norm) === 'and' || commaBetween(sentence, tokens[index - 1]!, token);
      if (ends || !/\p{L}/u.test(token.norm)) break;
      if (FILLER_WORDS.has(token.norm)) continue;
    }
    end = index + 1;
  }
  return end;
}

type Unit = 'money' | 'km' | 'ft' | 'seats' | 'sleeps' | 'age' | 'weekly' | 'decade';

interface Quantity {
  value: number;
  unit: Unit | null;
  /** Said with 'k', 'grand' or 'thousand'. */
  thousands: boolean;
  dollar: boolean;
  plus: boolean;
  /** Index after the quantity's last token. */
  end: number;
  /** Written as a word ('seven'): only a count of seats or berths. */
  spelled: boolean;
  /** Said to be money: a '$' or 'dollars' (a 'k' alone may be kilometres: 'kms under 100k'). */
  priced: boolean;
  /** Said with 'ish' ('30k-ish', '30k ish', '30kish'): read as 'around' it. */
  roughly: boolean;
}

const KM_WORDS = new Set(['km', 'kms', 'klm', 'klms', 'kays', 'kilometres', 'kilometers', 'kilometre', 'kilometer', 'ks', 'kmh', 'odo']);
const FT_WORDS = new Set(['ft', 'feet', 'foot', 'footer', 'footers']);
const SEAT_WORDS = new Set(['seater', 'seaters', 'seat', 'seats']);
const BERTH_WORDS = new Set(['berth', 'berths']);
const AGE_WORDS = new Set(['year', 'years', 'yr', 'yrs', 'yo']);
const MONEY_WORDS = new Set(['dollars', 'dollar', 'bucks', 'aud']);
/** Words after a number that say what it counts ('4 door', '70 series', '6 cylinder'): no model's number then. */
const COUNTED_WORDS = new Set('door doors dr series cylinder cylinders cyl speed wheel wheeler wheelers seater seaters seat seats'.split(' '));
/** Words before a comparison that say its amount is kilometres ('kms under 100k', 'odometer under 80,000'). */
const KM_BEFORE = new Set([...KM_WORDS, 'odometer', 'mileage']);

/** An amount in kilometres, unless it was said to be money or has another unit; a bare 'under 80' is thousands, as '80 ks' is. */
function inKm(amount: Quantity): Quantity {
  if (amount.priced || (amount.unit !== null && amount.unit !== 'money')) return amount;
  return { ...amount, unit: 'km', value: amount.thousands || amount.value >= 1000 ? amount.value : amount.value * 1000 };
}
const THOUSAND_WORDS = new Set(['k', 'grand', 'thousand', 'g']);
/** Words after an amount that say it is a price ('under 30k price', 'or 30k drive away'), as their words. */
const PRICE_AFTER: readonly (readonly string[])[] = ['price', 'budget', ...PRICE_TERMS].map((phrase) => phrase.split(' '));
/** The most a plain number after an 'or' can be in the field of the comparison before it (inFieldOf): no car is driven further, no caravan is longer (feet). */
const FIELD_MAX: Readonly<Record<string, number>> = { km: 1_000_000, body_length: 100 };

type Comparison = 'max' | 'min' | 'around' | 'between' | 'from';

/** Comparators of one direction, with it; each is a comparator (the bound itself excluded) and said after NEGATED_HEADS. */
const ONE_WAY_COMPARED: readonly [readonly string[], 'max' | 'min'][] = [
  [['more', 'expensive', 'than'], 'min'],
  [['more', 'than'], 'min'],
  [['more', 'then'], 'min'],
  [['greater', 'than'], 'min'],
  [['dearer', 'than'], 'min'],
  [['pricier', 'than'], 'min'],
  [['newer', 'than'], 'min'],
  [['over'], 'min'],
  [['above'], 'min'],
  [['less', 'than'], 'max'],
  [['less', 'then'], 'max'],
  [['cheaper', 'than'], 'max'],
  [['lower', 'than'], 'max'],
  [['older', 'than'], 'max'],
  [['under'], 'max'],
  [['below'], 'max'],
];

/**
 * Words before a one-way comparator that make it the bound it leaves ('not over 30k', 'no more
 * than 30k', "isn't dearer than 30k" are up to 30k, 'no older than 2015' 2015 on), the bound
 * itself allowed: negations, and 'nothing' or 'none', which a shopper says of the stock they want
 * shown ('nothing over 30k', 'none of them over 30k', 'nothing much over 30k').
 */
const NEGATED_HEADS: readonly (readonly string[])[] = [
  ...['no', 'not', 'isnt', 'arent'].map((word) => [word]),
  ...['nothing', 'none'].flatMap((word) => [[word], ...['of them', 'of those', 'of these', 'much', 'at all'].map((words) => [word, ...words.split(' ')])]),
];

/** Comparators, longest first: words -> what they do and whether the bound itself is excluded. */
const COMPARATORS: readonly [readonly string[], Comparison, boolean][] = [
  ...NEGATED_HEADS.flatMap((head) =>
    ONE_WAY_COMPARED.map(([words, kind]): [readonly string[], Comparison, boolean] => [[...head, ...words], kind === 'min' ? 'max' : 'min', false]),
  ),
  ...ONE_WAY_COMPARED.map(([words, kind]): [readonly string[], Comparison, boolean] => [words, kind, true]),
  [['up', 'to'], 'max', false],
  [['at', 'most'], 'max', false],
  [['budget', 'of'], 'max', false],
  [['budget', 'is'], 'max', false],
  [['at', 'least'], 'min', false],
  [['starting', 'at'], 'min', false],
  [['starting', 'from'], 'min', false],
  [['sub'], 'max', true],
  [['upto'], 'max', false],
  [['max'], 'max', false],
  [['maximum'], 'max', false],
  [['within'], 'max', false],
  [['budget'], 'max', false],
  [['before'], 'max', true],
  [['pre'], 'max', true],
  [['<'], 'max', true],
  [['<='], 'max', false],
  [['min'], 'min', false],
  [['minimum'], 'min', false],
  [['after'], 'min', true],
  [['since'], 'min', false],
  [['post'], 'min', true],
  [['>'], 'min', true],
  [['>='], 'min', false],
  [['from'], 'from', false],
  [['around'], 'around', false],
  [['about'], 'around', false],
  [['approx'], 'around', false],
  [['approximately'], 'around', false],
  [['roughly'], 'around', false],
  [['circa'], 'around', false],
  [['~'], 'around', false],
  [['between'], 'between', false],
];

/** Words of a bound said of a year ('older than 2015', 'or newer'): of an age ('5 years old') they bound the other way. */
const AGE_WAY_WORDS: ReadonlySet<string> = new Set(['older', 'newer', 'earlier', 'later']);

/** Words after a number that bound it: 'or less', 'and up', 'onwards'. */
const AFTER_WORDS: readonly [readonly string[], 'max' | 'min'][] = [
  [['or', 'less'], 'max'],
  [['or', 'under'], 'max'],
  [['or', 'below'], 'max'],
  [['or', 'cheaper'], 'max'],
  [['or', 'older'], 'max'],
  [['or', 'earlier'], 'max'],
  [['or', 'before'], 'max'],
  [['and', 'under'], 'max'],
  [['and', 'below'], 'max'],
  [['and', 'older'], 'max'],
  [['&', 'under'], 'max'],
  [['max'], 'max'],
  [['maximum'], 'max'],
  [['tops'], 'max'],
  [['or', 'more'], 'min'],
  [['or', 'over'], 'min'],
  [['or', 'above'], 'min'],
  [['or', 'newer'], 'min'],
  [['or', 'later'], 'min'],
  [['or', 'after'], 'min'],
  [['or', 'greater'], 'min'],
  [['and', 'up'], 'min'],
  [['and', 'over'], 'min'],
  [['and', 'above'], 'min'],
  [['and', 'newer'], 'min'],
  [['and', 'later'], 'min'],
  [['&', 'up'], 'min'],
  [['&', 'newer'], 'min'],
  [['plus'], 'min'],
  [['onwards'], 'min'],
  [['onward'], 'min'],
  [['upwards'], 'min'],
  [['min'], 'min'],
  [['minimum'], 'min'],
  [['newer'], 'min'],
];

/** The reading of one sentence against a compiled vocabulary; `year` is this year (for '5 years old' and bare years). */
export function readSentence(sentence: string, vocabulary: SentenceVocabulary, options: { year: number }): SentenceReading {
  const all = tokenize(sentence);
  const tokens = all.slice(0, MAX_TOKENS);
  markNegations(tokens, sentence);
  // Past MAX_TOKENS nothing is read: the rest stays as typed.
  const unread = all.length > MAX_TOKENS ? sentence.slice(all[MAX_TOKENS]!.start).trim() : '';
  const parts: ReadPart[] = [];
  const free = (index: number) => index < tokens.length && !tokens[index]!.used;
  const wordAt = (index: number) => (free(index) ? tokens[index]!.norm : undefined);
  const take = (from: number, to: number, part: Omit<ReadPart, 'start' | 'end' | 'text'>): void => {
    // A negated part is read as nothing, with its negation ('no sunroof', 'not 30k-ish').
    const negation = part.kind === 'ignore' ? -1 : negationBefore(tokens, sentence, from);
    if (negation >= 0) return negate(negation, to);
    for (let index = from; index < to; index += 1) tokens[index]!.used = true;
    const start = tokens[from]!.start;
    const end = tokens[to - 1]!.end;
    parts.push({ start, end, text: sentence.slice(start, end), ...part });
  };
  const negate = (from: number, to: number) => {
    take(from, to, { kind: 'ignore' });
    for (let index = from; index < to; index += 1) tokens[index]!.negated = true;
  };
  const wordsMatch = (index: number, words: readonly string[]) => words.every((word, offset) => wordAt(index + offset) === word);
  const isYear = (value: number) => Number.isInteger(value) && value >= 1950 && value <= options.year + 1;

  // Pass 1: numbers with a unit, a '$', a 'k', a comparator or a bound after them.
  const quantity = (index: number): Quantity | null => {
    const token = tokens[index];
    if (!token || token.used || token.symbol) return null;
    let value: number;
    let suffix = '';
    if (NUMBER_WORDS[token.norm] !== undefined) value = NUMBER_WORDS[token.norm]!;
    else {
      const match = /^(\d+(?:\.\d+)?)([a-z]*)$/.exec(token.norm);
      if (!match) return null;
      value = Number(match[1]);
      suffix = match[2]!;
    }
    const spelled = NUMBER_WORDS[token.norm] !== undefined;
    // '30kish', '2018ish': 'ish' against the number.
    let roughly = suffix.endsWith('ish');
    if (roughly) suffix = suffix.slice(0, -3);
    let unit: Unit | null = null;
    let thousands = false;
    let next = index + 1;
    const takeUnit = (word: string): boolean => {
      if (!unit && !thousands && THOUSAND_WORDS.has(word)) thousands = true;
      else if (!unit && KM_WORDS.has(word)) {
        unit = 'km';
        // Australian 'ks': '80 ks' is 80,000 kilometres.
        if (word === 'ks' && !thousands && value < 1000) thousands = true;
      } else if (!unit && FT_WORDS.has(word)) unit = 'ft';
      else if (!unit && SEAT_WORDS.has(word)) unit = 'seats';
      else if (!unit && BERTH_WORDS.has(word)) unit = 'sleeps';
      else if (!unit && MONEY_WORDS.has(word)) unit = 'money';
      else return false;
      return true;
    };
    if (suffix) {
      // '30k', '50000km', '20ft', '7seater', '5yo', '30kms'.
      if (suffix.startsWith('k') && suffix.length > 1 && KM_WORDS.has(suffix.slice(1))) {
        thousands = true;
        unit = 'km';
      } else if (AGE_WORDS.has(suffix)) unit = 'age';
      else if (suffix === 's' && Number.isInteger(value) && value % 10 === 0 && isYear(value)) unit = 'decade';
      // Any other 's' is the number's plural ("30,000's").
      else if (suffix !== 's' && !takeUnit(suffix)) return null;
    }
    // Words after the number, up to a comma: 'k', 'grand', 'ks', 'seater', 'years old', 'a week', 'ish'.
    while (free(next) && !commaBetween(sentence, tokens[next - 1]!, tokens[next]!)) {
      const word = tokens[next]!.norm;
      if (unit === null && AGE_WORDS.has(word)) {
        unit = 'age';
        next += wordAt(next + 1) === 'old' ? 2 : 1;
        continue;
      }
      if (takeUnit(word)) {
        next += 1;
        continue;
      }
      if (word === 'ish') {
        roughly = true;
        next += 1;
        continue;
      }
      break;
    }
    // A weekly amount: 'a week', 'per week', 'pw', 'p/w', 'weekly', '/wk'. (takeUnit sets `unit` from a closure.)
    if ((unit as Unit | null) === null || (unit as Unit | null) === 'money') {
      const one = wordAt(next);
      const two = wordAt(next + 1);
      let weekly = 0;
      if ((one === 'a' || one === 'per' || one === 'each') && (two === 'week' || two === 'wk')) weekly = 2;
      else if (one === 'pw' || one === 'weekly') weekly = 1;
      else if ((one === 'week' || one === 'wk') && tokens[next]!.slashBefore) weekly = 1;
      else if (one === 'p' && two === 'w' && tokens[next + 1]!.slashBefore) weekly = 2;
      if (weekly > 0) {
        unit = 'weekly';
        next += weekly;
        // '$150 a week-ish', '$150 pw ish'.
        if (wordAt(next) === 'ish' && !commaBetween(sentence, tokens[next - 1]!, tokens[next]!)) {
          roughly = true;
          next += 1;
        }
      }
    }
    if (thousands) value *= 1000;
    const priced = token.dollar || (unit as Unit | null) === 'money';
    if (!unit && (token.dollar || thousands)) unit = 'money';
    const plus = token.plus || tokens[next - 1]!.plus;
    return { value, unit, thousands, dollar: token.dollar, plus, end: next, spelled, priced, roughly };
  };

  /** 'max 40k' after '7 seater' is the next comparison, not a bound of the seats. */
  const startsAmount = (index: number, words: readonly string[]) => {
    if (words.length !== 1 || !['max', 'maximum', 'min', 'minimum'].includes(words[0]!)) return false;
    const amount = quantity(index);
    return amount !== null && (amount.unit !== null || amount.dollar);
  };

  /** The attribute and bounds of a quantity read with a comparison; null when it is not one. */
  const bound = (
    amount: Quantity,
    comparison: 'max' | 'min' | 'around' | 'exact',
    strict: boolean,
    withComparator: boolean,
  ): Omit<ReadPart, 'start' | 'end' | 'text'> | null => {
    let { unit, value } = amount;
    if (unit === null) {
      if (!withComparator) return null;
      if (isYear(value) && !amount.dollar) unit = null;
      else if (value >= 1000) unit = 'money';
      // 'under 30': a car under thirty dollars is not what anyone means.
      else if (value >= 1 && (comparison === 'max' || comparison === 'min' || comparison === 'around')) {
        unit = 'money';
        value *= 1000;
      } else return null;
    }
    if (unit === null) {
      // A year.
      if (comparison === 'exact') return { kind: 'range', attribute: 'year', min: value, max: value };
      if (comparison === 'around') return { kind: 'range', attribute: 'year', min: value - 1, max: value + 1 };
      return comparison === 'max'
        ? { kind: 'range', attribute: 'year', max: strict ? value - 1 : value }
        : { kind: 'range', attribute: 'year', min: strict ? value + 1 : value };
    }
    if (unit === 'decade') {
      // 'the 1990s'; 'before the 2000s' is before 2000, 'after the 1990s' after 1999.
      if (comparison === 'max') return { kind: 'range', attribute: 'year', max: strict ? value - 1 : value + 9 };
      if (comparison === 'min') return { kind: 'range', attribute: 'year', min: strict ? value + 10 : value };
      return { kind: 'range', attribute: 'year', min: value, max: value + 9 };
    }
    if (unit === 'age') {
      // '5 years old' and 'under 5 years old': this year's models back to five years ago; 'over 10 years old': older.
      return comparison === 'min'
        ? { kind: 'range', attribute: 'year', max: options.year - value }
        : { kind: 'range', attribute: 'year', min: options.year - value };
    }
    if (unit === 'seats' || unit === 'sleeps') {
      const counts = vocabulary.counts.get(unit) ?? [];
      const low = comparison === 'min' ? (strict ? value + 1 : value) : comparison === 'max' ? 0 : value;
      const high = comparison === 'max' ? (strict ? value - 1 : value) : comparison === 'min' ? Number.POSITIVE_INFINITY : value;
      const chosen = counts.filter((count) => count >= low && count <= high);
      const values = chosen.length > 0 ? chosen : comparison === 'exact' || comparison === 'around' ? [value] : [];
      if (values.length === 0) return null;
      return { kind: 'refine', refine: { [unit]: values.map(String) } };
    }
    if (unit === 'weekly') {
      const bands = vocabulary.weeklyBands;
      const chosen = bands.filter((band) =>
        comparison === 'min' ? band.low >= value : comparison === 'around' ? band.low <= value && band.high >= value : band.high <= value,
      );
      if (chosen.length === 0) return null;
      return { kind: 'refine', refine: { weekly_price_range: chosen.map((band) => band.value) } };
    }
    const attribute = unit === 'money' ? 'price' : unit === 'km' ? 'km' : 'body_length';
    if (comparison === 'exact') {
      // A price or kilometres on their own are a budget ('30k'); a length is that length ('20 ft' = 20 to 21 ft).
      return unit === 'ft' ? { kind: 'range', attribute, min: value, max: value + 1 } : { kind: 'range', attribute, max: value };
    }
    if (comparison === 'around') {
      const step = unit === 'ft' ? 1 : 1000;
      const spread = unit === 'ft' ? 1 : Math.max(step, Math.round((value * 0.1) / step) * step);
      return { kind: 'range', attribute, min: Math.max(0, value - spread), max: value + spread };
    }
    return comparison === 'max' ? { kind: 'range', attribute, max: value } : { kind: 'range', attribute, min: value };
  };

  /** Two quantities as a range ('20-30k', 'between 2015 and 2019'). */
  const between = (low: Quantity, high: Quantity): Omit<ReadPart, 'start' | 'end' | 'text'> | null => {
    let lowValue = low.value;
    const unit = high.unit ?? low.unit;
    // '20-30k', '$25-30k', '20 to 30 grand': a first number said without its thousands (a '$' at most) takes the second's.
    const bare = !low.thousands && (low.unit === null || (low.unit === 'money' && low.dollar));
    if (high.thousands && bare && lowValue < 1000 && lowValue * 1000 <= high.value) lowValue *= 1000;
    if (unit === null) {
      if (isYear(lowValue) && isYear(high.value) && !low.dollar && !high.dollar)
        return { kind: 'range', attribute: 'year', min: Math.min(lowValue, high.value), max: Math.max(lowValue, high.value) };
      if (lowValue >= 1000 && high.value >= 1000)
        return { kind: 'range', attribute: 'price', min: Math.min(lowValue, high.value), max: Math.max(lowValue, high.value) };
      return null;
    }
    if (unit === 'seats' || unit === 'sleeps') {
      const counts = vocabulary.counts.get(unit) ?? [];
      const chosen = counts.filter((count) => count >= lowValue && count <= high.value);
      return chosen.length > 0 ? { kind: 'refine', refine: { [unit]: chosen.map(String) } } : null;
    }
    if (unit === 'weekly') {
      const chosen = vocabulary.weeklyBands.filter((band) => band.high > lowValue && band.low < high.value);
      return chosen.length > 0 ? { kind: 'refine', refine: { weekly_price_range: chosen.map((band) => band.value) } } : null;
    }
    if (unit === 'age') return { kind: 'range', attribute: 'year', min: options.year - high.value, max: options.year - lowValue };
    if (unit === 'decade') return { kind: 'range', attribute: 'year', min: lowValue, max: high.value + 9 };
    const attribute = unit === 'money' ? 'price' : unit === 'km' ? 'km' : 'body_length';
    return { kind: 'range', attribute, min: Math.min(lowValue, high.value), max: Math.max(lowValue, high.value) };
  };

  /** Whether the word before a comparator at `index` says kilometres ('kms under 100k'): not across a comma, nor the end of a phrase ('low kms'). */
  const kmBefore = (index: number): boolean => {
    const word = index > 0 && free(index - 1) ? tokens[index - 1]! : undefined;
    if (!word || !KM_BEFORE.has(word.norm) || commaBetween(sentence, word, tokens[index]!)) return false;
    const before = tokens[index - 2];
    return !(before && !before.used && vocabulary.phrases.has(before.key + word.key));
  };

  /** A second quantity after 'to', 'and' or a dash, for a range. */
  const rangeEnd = (at: number, words: readonly string[]): { quantity: Quantity } | null => {
    const token = tokens[at];
    if (!token || token.used) return null;
    if (token.dashBefore) {
      const high = quantity(at);
      return high ? { quantity: high } : null;
    }
    if (words.includes(token.norm)) {
      const high = quantity(at + 1);
      return high ? { quantity: { ...high } } : null;
    }
    return null;
  };

  /** Whether a price word follows the amount ending at `end` ('30k price', 'under 30k drive away', PRICE_TERMS). */
  const priceWordAt = (end: number) => PRICE_AFTER.some((words) => wordsMatch(end, words));
  /**
   * An amount after an 'or' in the field of the comparison before it ('under 50,000 kms or under
   * 80,000', 'under 20 ft or 22'): kilometres or feet. Only a plain number can be: one said as
   * money ('k', 'grand', 'thousand', '$', 'dollars', or a price word after it: 'or under 30k
   * price'), with another unit, spelled, able to be a year, or beyond the field (FIELD_MAX: 'under
   * 20 ft or under 30,000') keeps its own reading; a price and a year need nothing.
   */
  const inFieldOf = (amount: Quantity, attribute: string | undefined): Quantity => {
    if (amount.unit !== null || amount.spelled || isYear(amount.value) || priceWordAt(amount.end)) return amount;
    const inField = attribute === 'km' ? inKm(amount) : attribute === 'body_length' ? { ...amount, unit: 'ft' as const } : null;
    return inField && inField.value <= FIELD_MAX[attribute!]! ? inField : amount;
  };
  /** Whether the unread word at `at` is an 'or' (or 'nor'), a comma before it or not. */
  const orWord = (at: number) => free(at) && CONJUNCTIONS.get(tokens[at]!.norm) === 'or';
  /** Whether an 'or' (or 'nor') at `at` carries on a list, no comma before it. */
  const orAfter = (at: number) => orWord(at) && !commaBetween(sentence, tokens[at - 1]!, tokens[at]!);
  /**
   * The rest of an 'or' list after a negated comparison at `at` ('or over 30k'), each comparison
   * read as the bound it leaves ('not over 30k' is up to 30k) and an amount with no unit of its
   * own in the field of the first (`attribute`, inFieldOf): a negation of either is both. Null
   * where anything but a comparison of a range stands in the list ('or diesel', 'or over 7 seats':
   * refinements are either value, not both), which is then read as nothing.
   */
  const negatedList = (
    at: number,
    km: boolean,
    attribute: string | undefined,
  ): { from: number; to: number; part: Omit<ReadPart, 'start' | 'end' | 'text'> }[] | null => {
    const items: { from: number; to: number; part: Omit<ReadPart, 'start' | 'end' | 'text'> }[] = [];
    while (orAfter(at)) {
      const from = at + 1;
      const comparator = COMPARATORS.find(([words]) => wordsMatch(from, words));
      if (!comparator || NEGATIONS.has(comparator[0][0]!) || (comparator[1] !== 'max' && comparator[1] !== 'min')) return null;
      const said = quantity(from + comparator[0].length);
      const amount = said && (km ? inKm(said) : inFieldOf(said, attribute));
      if (!amount || amount.spelled || amount.unit === 'age') return null;
      const part = bound(amount, comparator[1] === 'max' ? 'min' : 'max', !comparator[2], true);
      if (part?.kind !== 'range') return null;
      items.push({ from, to: amount.end, part });
      at = amount.end;
    }
    return items.length > 0 ? items : null;
  };
  /** Whether an amount with no comparator before it starts at `at` ('or 40k'). */
  const bareAmountAt = (at: number) => !COMPARATORS.some(([words]) => wordsMatch(at, words)) && quantity(at) !== null;
  /** The last comparison read (an open bound), for a comparison of its field after an 'or': the two are either. */
  let lastComparison: LastComparison | null = null;

  for (let index = 0; index < tokens.length; index += 1) {
    // 'd-max', 'cx-5': a word hyphened to the one before is part of a name, not a comparator or an amount.
    if (!free(index) || tokens[index]!.joined) continue;
    // 'sleeps 4', 'sleeps 4 or more', 'sleeps up to 6'.
    if (wordAt(index) === 'sleeps' || wordAt(index) === 'sleeping' || wordAt(index) === 'sleep') {
      let at = index + 1;
      let comparison: 'max' | 'min' | 'exact' = 'exact';
      let strict = false;
      for (const [words, kind, excluded] of COMPARATORS) {
        if ((kind === 'max' || kind === 'min') && wordsMatch(at, words)) {
          comparison = kind;
          strict = excluded;
          at += words.length;
          break;
        }
      }
      const amount = quantity(at);
      if (amount && (amount.unit === null || amount.unit === 'sleeps') && Number.isInteger(amount.value) && amount.value < 20) {
        let end = amount.end;
        if (amount.plus) comparison = 'min';
        for (const [words, kind] of AFTER_WORDS) {
          if (wordsMatch(end, words) && !startsAmount(end + words.length, words)) {
            comparison = kind;
            end += words.length;
            break;
          }
        }
        const part = bound({ ...amount, unit: 'sleeps' }, comparison, strict, true);
        if (part) {
          take(index, end, part);
          index = end - 1;
          continue;
        }
      }
    }
    let comparator: (typeof COMPARATORS)[number] | undefined;
    for (const candidate of COMPARATORS) {
      if (wordsMatch(index, candidate[0])) {
        comparator = candidate;
        break;
      }
    }
    const at = comparator ? index + comparator[0].length : index;
    const km = comparator !== undefined && kmBefore(index);
    // Typed here: assigned from itself in the loop, its inferred type would be circular.
    const last = lastComparison as LastComparison | null;
    // Right after an 'or' that follows an open comparison: an amount with no unit of its own is of its field.
    const ofLast = last !== null && last.to + 1 === index && orWord(last.to);
    const inField = (said: Quantity) => (km ? inKm(said) : ofLast ? inFieldOf(said, last!.attribute) : said);
    const said = quantity(at);
    const amount = said && inField(said);
    if (!amount || (amount.spelled && amount.unit !== 'seats' && amount.unit !== 'sleeps')) continue;
    let end = amount.end;
    let part: Omit<ReadPart, 'start' | 'end' | 'text'> | null = null;
    /** Said as a comparison ('over 30k', '2018 or newer', '30k+'), not a bare amount. */
    let compared = false;
    const kind = comparator?.[1];
    if (kind === 'between' || kind === 'from' || !comparator) {
      const second = rangeEnd(end, kind === 'between' ? ['and', 'to', '&'] : ['to', 'until', 'till']);
      if (second) {
        part = between(amount, inField(second.quantity));
        if (part) end = second.quantity.end;
      }
    }
    if (!part && kind !== 'between') {
      let comparison: 'max' | 'min' | 'around' | 'exact' = kind === 'from' ? 'min' : kind === 'max' || kind === 'min' || kind === 'around' ? kind : 'exact';
      const strict = comparator?.[2] ?? false;
      if (amount.plus) comparison = 'min';
      let boundWords: readonly string[] = comparator?.[0] ?? [];
      if (comparison === 'exact') {
        for (const [words, after] of AFTER_WORDS) {
          if (wordsMatch(end, words) && !startsAmount(end + words.length, words)) {
            comparison = after;
            boundWords = words;
            end += words.length;
            break;
          }
        }
      }
      // 'older' and 'newer' bound a year; of an age they say the other way round ('older than 5 years' is more years).
      if (amount.unit === 'age' && boundWords.some((word) => AGE_WAY_WORDS.has(word)))
        comparison = comparison === 'max' ? 'min' : comparison === 'min' ? 'max' : comparison;
      if (comparison === 'exact' && amount.roughly) comparison = 'around';
      // A bare year waits for the phrases ('Peugeot 2008' is a model); a bare plain number is a keyword.
      if (comparison === 'exact' && amount.unit === null) continue;
      part = bound(amount, comparison, strict, comparator !== undefined || comparison !== 'exact');
      compared = comparison === 'max' || comparison === 'min';
    }
    if (!part) continue;
    const from = km && amount.unit === 'km' ? index - 1 : index;
    // 'not under 20k or over 30k': a negated comparator heading an 'or' list negates the list. A
    // bare amount after the 'or' is no list: read as after any comparison ('no more than 30k or
    // 40k' is up to 30k, as 'under 20k or 30k' is up to 20k).
    if (comparator && NEGATIONS.has(comparator[0][0]!) && orAfter(end) && !(part.kind === 'range' && bareAmountAt(end + 1))) {
      const rest = negatedList(end, km, part.kind === 'range' ? part.attribute : undefined);
      if (part.kind === 'range' && rest) {
        take(from, end, part);
        for (const item of rest) take(item.from, item.to, item.part);
        index = rest[rest.length - 1]!.to - 1;
      } else {
        negate(from, end);
        index = end - 1;
      }
      lastComparison = null;
      continue;
    }
    index = end - 1;
    const open = compared && part.kind === 'range' && (part.min === undefined) !== (part.max === undefined);
    // 'over 20k or over 30k', 'not under 20k, or over 30k': comparisons of one field an 'or' joins are either one.
    if (open && last && last.attribute === part.attribute && last.to + 1 === from && orWord(last.to)) {
      parts.splice(parts.indexOf(last.part), 1);
      const bounds = last.bounds && eitherBound(last.bounds, { min: part.min, max: part.max });
      take(last.from, end, bounds ? { kind: 'range', attribute: part.attribute, ...bounds } : { kind: 'ignore' });
      lastComparison = { ...last, part: parts[parts.length - 1]!, to: end, bounds };
      continue;
    }
    // 'kms under 100k': the word that said kilometres is part of it.
    take(from, end, part);
    lastComparison = open ? { part: parts[parts.length - 1]!, attribute: part.attribute!, from, to: end, bounds: { min: part.min, max: part.max } } : null;
  }

  // Pass 2: the longest phrases of the vocabulary.
  const apply = (from: number, to: number, entry: Entry, fuzzy = false) => {
    const target = entry.target;
    if (target.kind === 'refine')
      take(from, to, {
        kind: 'refine',
        refine: Object.fromEntries(Object.entries(target.refine).map(([attribute, values]) => [attribute, [...values]])),
        ...(entry.label ? { label: entry.label } : {}),
        ...(fuzzy ? { fuzzy } : {}),
      });
    else if (target.kind === 'range')
      take(from, to, {
        kind: 'range',
        attribute: target.attribute,
        ...(target.min !== undefined ? { min: target.min } : {}),
        ...(target.max !== undefined ? { max: target.max } : {}),
      });
    else if (target.kind === 'sort') take(from, to, { kind: 'sort', sortBy: target.sortBy });
    else take(from, to, { kind: 'ignore' });
  };
  // A hyphened group ('st-x', 'd-max') is matched whole or not at all.
  const cutsGroup = (from: number, to: number) => tokens[from]!.joined || Boolean(tokens[to]?.joined);
  // A word of a negation of several words is that negation, never a value spelled like it ('other than diesel' where 'Other' is a body).
  const inNegationPhrase = (token: Token) => token.negation !== undefined && token.negation.end - token.negation.start > 1;
  // A filler word right after a negation or a modal is that filler, never a value spelled like it ("can't be a manual" where 'BE' is a badge).
  const fillerAfterModal = (index: number) => {
    const [before, token] = [tokens[index - 1], tokens[index]!];
    if (!before || !FILLER_WORDS.has(token.norm) || commaBetween(sentence, before, token)) return false;
    return before.negation?.end === index || MODAL_WORDS.has(before.norm);
  };
  /**
   * Whether the number at `at` after a make is its model's number ('toyota 86'): never a year
   * ('peugeot 2008'), nor a number a word of what it counts follows ('4 door', '70 series') or
   * that starts a phrase of the vocabulary ('4 wheel drive').
   */
  const modelNumberSaid = (number: number, at: number): boolean => {
    if (isYear(number)) return false;
    const after = tokens[at + 1];
    if (!after || after.used || after.symbol || commaBetween(sentence, tokens[at]!, after)) return true;
    if (COUNTED_WORDS.has(after.norm)) return false;
    let key = tokens[at]!.key;
    for (let index = at + 1; index < Math.min(tokens.length, at + vocabulary.maxWords); index += 1) {
      const token = tokens[index]!;
      if (token.used || token.symbol) break;
      key += token.key;
      if (vocabulary.phrases.has(key)) return false;
    }
    return true;
  };
  for (let index = 0; index < tokens.length; index += 1) {
    if (!free(index) || tokens[index]!.symbol) continue;
    for (let length = Math.min(vocabulary.maxWords, tokens.length - index); length >= 1; length -= 1) {
      let key = '';
      let ok = !cutsGroup(index, index + length);
      for (let offset = 0; ok && offset < length; offset += 1) {
        const token = tokens[index + offset]!;
        if (token.used || token.symbol || inNegationPhrase(token)) ok = false;
        else key += token.key;
      }
      if (!ok || (length === 1 && fillerAfterModal(index))) continue;
      // A plural the vocabulary has in the singular ('utes', 'hiluxes' aside).
      const entry = vocabulary.phrases.get(key) ?? (key.length > 3 && key.endsWith('s') ? vocabulary.phrases.get(key.slice(0, -1)) : undefined);
      if (!entry || (entry.modelNumber !== undefined && !modelNumberSaid(entry.modelNumber, index + length - 1))) continue;
      const after = tokens[index + length];
      const next = after && !after.used && !after.symbol && !commaBetween(sentence, tokens[index + length - 1]!, after) ? after.norm : undefined;
      if (next && entry.target.kind === 'refine' && Object.keys(entry.target.refine).join() === 'colour') {
        // 'gold coast' where the stock has no such place: no colour; the place stays whole as keywords.
        const words = tokens.slice(index, index + length).map((token) => token.norm);
        if (COLOUR_PLACES.has(`${words.join(' ')} ${next}`)) break;
        // 'red interior': the interior's colour is not read, nor left as keywords.
        if (INTERIOR_WORDS.has(next)) {
          take(index, index + length + 1, { kind: 'ignore' });
          index += length;
          break;
        }
        // 'black leather interior', 'tan cloth seats': the colour of the material inside; the rest is read on.
        const then = wordAt(index + length + 1);
        if (INTERIOR_MATERIALS.has(next) && then && (INTERIOR_WORDS.has(then) || then === 'seats' || then === 'seat')) {
          take(index, index + length, { kind: 'ignore' });
          index += length - 1;
          break;
        }
      }
      apply(index, index + length, entry);
      index += length - 1;
      break;
    }
  }

  // Pass 3: a bare year ('2018 hilux').
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.used || token.symbol || token.dollar || !/^\d{4}$/.test(token.norm)) continue;
    const value = Number(token.norm);
    if (isYear(value)) take(index, index + 1, { kind: 'range', attribute: 'year', min: value, max: value });
  }

  // Pass 4: makes and models misspelt ('toyta', 'hillux', 'land crusier').
  const fuzzyCandidate = (token: Token) =>
    !token.used && !token.symbol && /^\p{L}[\p{L}\p{N}]*$/u.test(token.norm) && !FILLER_WORDS.has(token.norm) && !token.negation;
  for (let index = 0; index < tokens.length; index += 1) {
    for (const length of [2, 1]) {
      const window = tokens.slice(index, index + length);
      if (window.length < length || !window.every(fuzzyCandidate) || cutsGroup(index, index + length)) continue;
      const key = window.map((token) => token.key).join('');
      const entry = closest(key, vocabulary);
      if (!entry) continue;
      apply(index, index + length, entry, true);
      index += length - 1;
      break;
    }
  }

  // Pass 5: a negation drops the unread words it reaches, so they are no keywords; filler words,
  // dangling comparators and symbols say nothing.
  for (let index = 0; index < tokens.length; index += 1) {
    const negation = free(index) ? tokens[index]!.negation : undefined;
    if (negation?.start !== index) continue;
    const end = negationReach(tokens, sentence, index);
    if (end > negation.end) negate(index, end);
    index = end - 1;
  }
  tokens.forEach((token, index) => {
    if (token.used || !(token.symbol || FILLER_WORDS.has(token.norm) || token.negation)) return;
    // '5 series', '70 series' the stock has no model of: the name stays whole as keywords, not a lone number.
    const before = tokens[index - 1];
    if (token.norm === 'series' && before && !before.used && /^\d+$/.test(before.norm) && !commaBetween(sentence, before, token)) return;
    token.used = true;
  });
  // The words left over as typed: a hyphened group keeps its hyphen ('st-x').
  let query = '';
  tokens.forEach((token, index) => {
    if (token.used) return;
    const glued = token.joined && index > 0 && !tokens[index - 1]!.used;
    query += query === '' ? token.text : `${glued ? '-' : ' '}${token.text}`;
  });
  if (unread) query = query ? `${query} ${unread}` : unread;

  return summarise(
    parts.sort((a, b) => a.start - b.start),
    query,
    vocabulary,
    sentence,
  );
}

/** The closest make, model or long word to a misspelt key: within the candidate's edits, same first letter, one answer. */
function closest(key: string, vocabulary: SentenceVocabulary): Entry | null {
  if (key.length < 4 || vocabulary.phrases.has(key)) return null;
  let best: Entry | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const candidate of vocabulary.fuzzy.get(key[0]!) ?? []) {
    const limit = key.length >= 8 ? candidate.edits : Math.min(1, candidate.edits);
    if (Math.abs(candidate.key.length - key.length) > limit) continue;
    const distance = editDistance(key, candidate.key, limit);
    if (distance > limit) continue;
    if (distance < bestDistance) {
      best = candidate.entry;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance && candidate.entry !== best) tie = true;
  }
  return best && !tie ? best : null;
}

/** A comparison read in pass 1 (an open bound, or several an 'or' joined): its part, field, tokens and bound (null: none). */
interface LastComparison {
  part: ReadPart;
  attribute: string;
  from: number;
  to: number;
  bounds: RangeBounds | null;
}

/**
 * Two open bounds of one field said as either ('over 20k or over 30k'): their union where it is
 * one bound (two lower bounds: the smaller; two upper bounds: the larger), else null, no bound: a
 * lower and an upper bound leave everything where they overlap and two separate ranges where not.
 */
function eitherBound(one: RangeBounds, other: RangeBounds): RangeBounds | null {
  if (one.min !== undefined && other.min !== undefined) return { min: Math.min(one.min, other.min) };
  if (one.max !== undefined && other.max !== undefined) return { max: Math.max(one.max, other.max) };
  return null;
}

/**
 * The ranges said of one attribute as one range: closed ranges ('2018', '2015-2019') are either
 * one ('2018 or 2019', '2018 2020') and join into the span of all; open bounds ('under 30k', '2018
 * or newer') narrow that. Where what is left is empty ('over 30k under 20k'), the ranges are
 * either one: their span, open on a side any of them leaves open. Never min above max.
 */
function joinRanges(said: readonly RangeBounds[]): RangeBounds {
  const closed = said.filter((bounds) => bounds.min !== undefined && bounds.max !== undefined);
  let min = closed.length > 0 ? Math.min(...closed.map((bounds) => bounds.min!)) : undefined;
  let max = closed.length > 0 ? Math.max(...closed.map((bounds) => bounds.max!)) : undefined;
  for (const bounds of said) {
    if (closed.includes(bounds)) continue;
    if (bounds.min !== undefined) min = min === undefined ? bounds.min : Math.max(min, bounds.min);
    if (bounds.max !== undefined) max = max === undefined ? bounds.max : Math.min(max, bounds.max);
  }
  if (min !== undefined && max !== undefined && min > max) {
    min = said.every((bounds) => bounds.min !== undefined) ? Math.min(...said.map((bounds) => bounds.min!)) : undefined;
    max = said.every((bounds) => bounds.max !== undefined) ? Math.max(...said.map((bounds) => bounds.max!)) : undefined;
  }
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** The parts combined: values of one facet OR-ed, ranges of one attribute joined (joinRanges), a model's make added. */
function summarise(parts: ReadPart[], query: string, vocabulary: SentenceVocabulary, sentence: string): SentenceReading {
  const refinementList: Record<string, string[]> = {};
  const range: Record<string, RangeBounds> = {};
  const saidRanges: Record<string, RangeBounds[]> = {};
  let sortBy: string | undefined;
  for (const part of parts) {
    if (part.kind === 'refine') {
      for (const [attribute, values] of Object.entries(part.refine ?? {})) {
        const list = (refinementList[attribute] ??= []);
        for (const value of values) if (!list.some((known) => known.toLowerCase() === value.toLowerCase())) list.push(value);
      }
    } else if (part.kind === 'range' && part.attribute) {
      (saidRanges[part.attribute] ??= []).push({ min: part.min, max: part.max });
    } else if (part.kind === 'sort') sortBy = part.sortBy;
  }
  for (const [attribute, said] of Object.entries(saidRanges)) {
    const bounds = joinRanges(said);
    if (bounds.min !== undefined || bounds.max !== undefined) range[attribute] = bounds;
  }
  // A model names its make when only one make has it ('hilux' -> Toyota HiLux).
  if (refinementList.model && !refinementList.make) {
    const makes = new Set<string>();
    let known = true;
    for (const model of refinementList.model) {
      const of = vocabulary.makesOfModel.get(model.toLowerCase());
      if (!of || of.length !== 1) known = false;
      else makes.add(of[0]!);
    }
    if (known && makes.size > 0) refinementList.make = [...makes];
  } else if (refinementList.model && refinementList.make) {
    // A model and a make an 'or' or 'and' stand between ('cx5 or toyota', 'mazda cx5 or any
    // toyota') are either: the filters AND make and model, so a model said apart from every make
    // adds its makes, and a make said apart from every model keeps all its models (where the
    // stock lists them all; else no model filter). A make with its model ('hsv colorado') is that.
    const only = (part: ReadPart, attribute: string, other: string) => part.kind === 'refine' && part.refine?.[attribute] && !part.refine[other];
    const makeParts = parts.filter((part) => only(part, 'make', 'model'));
    const modelParts = parts.filter((part) => only(part, 'model', 'make'));
    const apart = (one: ReadPart, other: ReadPart) => {
      const between = sentence.slice(Math.min(one.end, other.end), Math.max(one.start, other.start));
      return wordsOf(between).some((word) => CONJUNCTIONS.has(word));
    };
    const has = (list: readonly string[], value: string) => list.some((known) => known.toLowerCase() === value.toLowerCase());
    const makes = refinementList.make;
    const models = refinementList.model;
    const loneMakes = makeParts.filter((make) => modelParts.every((model) => apart(make, model))).flatMap((part) => part.refine!.make!);
    for (const part of modelParts.filter((model) => makeParts.every((make) => apart(make, model))))
      for (const model of part.refine!.model!) {
        const of = vocabulary.makesOfModel.get(model.toLowerCase()) ?? [];
        if (!of.some((make) => has(makes, make))) for (const make of of) makes.push(make);
      }
    const modelsOfLone = loneMakes.map((make) => vocabulary.modelsOfMake.get(make.toLowerCase()) ?? []);
    if (modelsOfLone.some((list) => list.length === 0)) delete refinementList.model;
    else for (const model of modelsOfLone.flat()) if (!has(models, model)) models.push(model);
  }
  return { refinementList, range, ...(sortBy ? { sortBy } : {}), query, parts };
}

/** A range as the URL writes it ('20000:30000', ':30000'). */
export function rangeText(bounds: RangeBounds): string {
  return `${bounds.min ?? ''}:${bounds.max ?? ''}`;
}

/** The engines' filters of a reading (InstantSearch's facetFilters and numericFilters for the same state). */
export function readingFilters(reading: Pick<SentenceReading, 'refinementList' | 'range'>): { facetFilters: string[][]; numericFilters: string[] } {
  const facetFilters = Object.entries(reading.refinementList).map(([attribute, values]) => values.map((value) => `${attribute}:${value}`));
  const numericFilters = Object.entries(reading.range).flatMap(([attribute, bounds]) => [
    ...(bounds.min !== undefined ? [`${attribute}>=${bounds.min}`] : []),
    ...(bounds.max !== undefined ? [`${attribute}<=${bounds.max}`] : []),
  ]);
  return { facetFilters, numericFilters };
}
