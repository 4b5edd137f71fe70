import { describe, expect, it } from 'vitest';
import {
  compileVocabulary,
  phraseKey,
  readingFilters,
  readSentence,
  type DealerWords,
  type SentenceReading,
  type VocabularySource,
  VOCABULARY_FACETS,
} from './sentence.ts';
import { CONJUNCTIONS, FILLER_WORDS, NEGATIONS } from './sentence-words.ts';
import type { Car } from '../../schemas/car.ts';
import { createSearchEngine } from '../engine/engine.ts';
import { toSearchDocuments } from './documents.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

/** A small dealer's stock, as an unfiltered facet answer gives it. */
const FACETS: VocabularySource['facets'] = {
  make: { Toyota: 30, Mazda: 12, Ford: 9, 'Mercedes-Benz': 2, Peugeot: 3, 'Land Rover': 2, Rover: 1, 'Lotus Caravans': 2 },
  model: {
    HiLux: 10,
    'Land Cruiser': 2,
    LandCruiser: 5,
    'CX-5': 4,
    Mazda3: 3,
    '3': 2,
    Ranger: 6,
    Everest: 2,
    '3008': 1,
    'C-Class': 2,
    Other: 1,
    Model: 1,
    Trooper: 2,
  },
  make_model: {
    'Toyota > HiLux': 10,
    'Toyota > LandCruiser': 5,
    'Toyota > Land Cruiser': 2,
    'Mazda > CX-5': 4,
    'Mazda > Mazda3': 3,
    'Mazda > 3': 2,
    'Ford > Ranger': 6,
    'Ford > Everest': 2,
    'Peugeot > 3008': 1,
    'Mercedes-Benz > C-Class': 2,
    'Lotus Caravans > Trooper': 2,
  },
  badge: { 'SR5 4x4': 4, SR5: 2, GXL: 5, 'GXL Hybrid': 2, Sport: 3, S: 4, '155': 1, Wildtrak: 3, 'LS-U': 1, LS: 2 },
  body: { SUV: 20, Ute: 18, Hatchback: 9, Sedan: 4 },
  fuel: { Petrol: 20, Diesel: 18, Hybrid: 6 },
  transmission: { Automatic: 40, Manual: 5 },
  drive: { '4WD': 20, AWD: 10, FWD: 12, RWD: 3 },
  colour: { White: 10, 'Glacier White': 3, Black: 5, 'Eclipse Black': 2, Red: 4, Graphite: 2 },
  seats: { '5': 30, '7': 8, '8': 2, '2': 1 },
  state: { QLD: 30, NSW: 15 },
  city: { Southport: 20, 'Eagle Farm': 10 },
  location_name: { 'Acme Cars Southport': 20, 'Acme Cars Sunshine Coast': 10, 'Acme Cars Newcastle': 15 },
  dealership_name: { 'Acme Cars Brisbane': 30, 'Acme Cars Newcastle': 15 },
  item_type: { car: 40, motorcycle: 5 },
  car_type: { used: 30, new: 10, demo: 5 },
  filtered_features: { 'Apple CarPlay': 20, 'Tow Bar': 8, Sunroof: 4 },
  weekly_price_range: { '$100 - $150': 5, '$150 - $200': 8, '$200 - $250': 4 },
};
const YEAR = 2026;
const vocabulary = compileVocabulary({ facets: FACETS });
const read = (sentence: string, words: VocabularySource['words'] = undefined) =>
  readSentence(sentence, words ? compileVocabulary({ facets: FACETS, words }) : vocabulary, { year: YEAR });
const filters = (reading: SentenceReading) => ({
  refinementList: reading.refinementList,
  range: reading.range,
  ...(reading.sortBy ? { sortBy: reading.sortBy } : {}),
  query: reading.query,
});

describe('the sentence reader: numbers', () => {
  it('reads a budget in Australian phrasing: k, grand, $, thousands separators, under / over / between', () => {
    expect(read('under 30k').range).toEqual({ price: { max: 30000 } });
    expect(read('under $30,000').range).toEqual({ price: { max: 30000 } });
    expect(read('less than 30 grand').range).toEqual({ price: { max: 30000 } });
    expect(read('over 20k').range).toEqual({ price: { min: 20000 } });
    expect(read('between 20 and 30k').range).toEqual({ price: { min: 20000, max: 30000 } });
    expect(read('20-30k').range).toEqual({ price: { min: 20000, max: 30000 } });
    expect(read('$20k to $30k').range).toEqual({ price: { min: 20000, max: 30000 } });
    expect(read('around 30k').range).toEqual({ price: { min: 27000, max: 33000 } });
    expect(read('$15,000 max').range).toEqual({ price: { max: 15000 } });
    // A price on its own is a budget; a bare number without '$' or 'k' is a keyword (a stock number, a badge).
    expect(read('30k').range).toEqual({ price: { max: 30000 } });
    expect(filters(read('30000'))).toEqual({ refinementList: {}, range: {}, query: '30000' });
  });

  it('reads kilometres: ks, kms, k km, and low ks', () => {
    expect(read('under 50,000 km').range).toEqual({ km: { max: 50000 } });
    expect(read('under 80 ks').range).toEqual({ km: { max: 80000 } });
    expect(read('less than 100k kms').range).toEqual({ km: { max: 100000 } });
    expect(read('over 200000km').range).toEqual({ km: { min: 200000 } });
    expect(read('low ks').range).toEqual({ km: { max: 50000 } });
    // A price and kilometres in one sentence stay apart.
    expect(read('under 30k low kms').range).toEqual({ price: { max: 30000 }, km: { max: 50000 } });
  });

  it("reads kilometres said before their comparison ('kms under 100k', 'odometer less than 80,000') as kilometres, not a price", () => {
    expect(filters(read('hilux with kms under 100,000'))).toEqual({
      refinementList: { model: ['HiLux'], make: ['Toyota'] },
      range: { km: { max: 100000 } },
      query: '',
    });
    expect(read('kms under 100k').range).toEqual({ km: { max: 100000 } });
    expect(read('km over 150k').range).toEqual({ km: { min: 150000 } });
    expect(read('ks under 80').range).toEqual({ km: { max: 80000 } });
    expect(read('kms between 50k and 100k').range).toEqual({ km: { min: 50000, max: 100000 } });
    expect(filters(read('odometer less than 80,000'))).toEqual({ refinementList: {}, range: { km: { max: 80000 } }, query: '' });
    // A comma ends an amount's words; a '$' is a price; 'low kms' is its own phrase.
    expect(read('under 30k, kms under 100k').range).toEqual({ price: { max: 30000 }, km: { max: 100000 } });
    expect(read('kms under $30k').range).toEqual({ price: { max: 30000 } });
    expect(read('low kms under 30k').range).toEqual({ km: { max: 50000 }, price: { max: 30000 } });
  });

  it('reads years: a bare year, or newer, before, newer than, ranges, decades, years old', () => {
    expect(read('2018 hilux').range).toEqual({ year: { min: 2018, max: 2018 } });
    expect(read('2018 or newer').range).toEqual({ year: { min: 2018 } });
    expect(read('2018+').range).toEqual({ year: { min: 2018 } });
    expect(read('newer than 2018').range).toEqual({ year: { min: 2019 } });
    expect(read('pre 2010').range).toEqual({ year: { max: 2009 } });
    expect(read('2015-2019').range).toEqual({ year: { min: 2015, max: 2019 } });
    expect(read('between 2015 and 2019').range).toEqual({ year: { min: 2015, max: 2019 } });
    expect(read('1990s').range).toEqual({ year: { min: 1990, max: 1999 } });
    expect(read('under 5 years old').range).toEqual({ year: { min: YEAR - 5 } });
    // Not a year: 1850 and next year plus one.
    expect(read('1850').range).toEqual({});
    expect(read(String(YEAR + 2)).range).toEqual({});
  });

  it('reads seats and berths, in digits or words, exactly or at least, from the values the stock has', () => {
    expect(read('7 seater').refinementList).toEqual({ seats: ['7'] });
    expect(read('seven seater').refinementList).toEqual({ seats: ['7'] });
    expect(read('7+ seats').refinementList).toEqual({ seats: ['7', '8'] });
    expect(read('at least 7 seats').refinementList).toEqual({ seats: ['7', '8'] });
    // A count no car has is still read: no cars is the honest answer.
    expect(read('9 seater').refinementList).toEqual({ seats: ['9'] });
    expect(read('sleeps 4').refinementList).toEqual({ sleeps: ['4'] });
    expect(read('4 berth').refinementList).toEqual({ sleeps: ['4'] });
  });

  it("reads a number with thousands separators and a unit written against it ('50,000kms')", () => {
    expect(filters(read('under 50,000kms'))).toEqual({ refinementList: {}, range: { km: { max: 50000 } }, query: '' });
    expect(read('less than 100,000km').range).toEqual({ km: { max: 100000 } });
    expect(read('over 150,000klms').range).toEqual({ km: { min: 150000 } });
    expect(read('20,000km or less').range).toEqual({ km: { max: 20000 } });
  });

  it("reads '$25-30k' as $25,000 to $30,000: a low end said with only a '$' takes the high end's thousands", () => {
    expect(filters(read('$25-30k'))).toEqual({ refinementList: {}, range: { price: { min: 25000, max: 30000 } }, query: '' });
    expect(read('$25-$30k').range).toEqual({ price: { min: 25000, max: 30000 } });
    expect(read('$25 to 30 grand').range).toEqual({ price: { min: 25000, max: 30000 } });
    expect(read('between $20 and $30k').range).toEqual({ price: { min: 20000, max: 30000 } });
    // A low end in full stays as typed; a weekly budget keeps its dollars.
    expect(read('$500-30k').range).toEqual({ price: { min: 500, max: 30000 } });
    expect(read('$100 - $200 a week').refinementList).toEqual({ weekly_price_range: ['$100 - $150', '$150 - $200'] });
  });

  it("reads '30k-ish', '30k ish', '30kish' as around 30k (±10 %), not under 30k plus the keyword 'ish'", () => {
    for (const sentence of ['30k-ish', '30k ish', '30kish', '30 grand ish', '$30,000ish'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { min: 27000, max: 33000 } }, query: '' });
    expect(filters(read('hilux 30k-ish auto'))).toEqual({
      refinementList: { model: ['HiLux'], make: ['Toyota'], transmission: ['Automatic'] },
      range: { price: { min: 27000, max: 33000 } },
      query: '',
    });
    // Kilometres and years as 'around' reads them; a comparator said with it wins.
    expect(read('100k-ish kms').range).toEqual({ km: { min: 90000, max: 110000 } });
    expect(read('2018-ish').range).toEqual({ year: { min: 2017, max: 2019 } });
    expect(read('under 30k-ish').range).toEqual({ price: { max: 30000 } });
    expect(read('not 30k-ish').range).toEqual({});
  });

  it("reads '$150 a week-ish' as around $150 a week, not under it plus the keyword 'ish'", () => {
    for (const sentence of ['$150 a week-ish', '$150 a week ish', '$150 pw-ish', '$150/week-ish', '$150 per week ish', '$150-ish a week'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: { weekly_price_range: ['$100 - $150', '$150 - $200'] }, range: {}, query: '' });
    expect(read('under $200 a week-ish').refinementList).toEqual({ weekly_price_range: ['$100 - $150', '$150 - $200'] });
    expect(read('$150 a week').refinementList).toEqual({ weekly_price_range: ['$100 - $150'] });
  });

  it("reads 'sub 30k' as under 30k, and drops the price words that filter nothing ('drive away', 'd/a', 'ono', 'neg')", () => {
    expect(filters(read('sub 30k'))).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    expect(filters(read('hilux sub 40k'))).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: { price: { max: 40000 } }, query: '' });
    expect(read('sub 100k kms').range).toEqual({ km: { max: 100000 } });
    expect(filters(read('under 30k drive away'))).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    expect(filters(read('drive away price under 30k'))).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    for (const sentence of ['30k driveaway', '30k d/a', '30k dap', 'under 30k ono', '30k or near offer', '30k obo', '30k neg', '30k negotiable'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    // 'around', 'about', 'approx' are comparators (plus or minus 10 %); 'sub' with no amount stays a keyword.
    expect(read('approx 30k').range).toEqual({ price: { min: 27000, max: 33000 } });
    expect(read('ute sub').query).toBe('sub');
  });

  it("reads an apostrophe-s after a number as its plural ('100k's' = 100k, '1990's' = the 1990s), not the keyword 's'", () => {
    expect(filters(read("100k's"))).toEqual({ refinementList: {}, range: { price: { max: 100000 } }, query: '' });
    expect(filters(read('under 100k’s'))).toEqual({ refinementList: {}, range: { price: { max: 100000 } }, query: '' });
    expect(filters(read("hilux 100k's kms"))).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: { km: { max: 100000 } }, query: '' });
    expect(filters(read("1990's ute"))).toEqual({ refinementList: { body: ['Ute'] }, range: { year: { min: 1990, max: 1999 } }, query: '' });
    expect(read("under 30,000's").range).toEqual({ price: { max: 30000 } });
  });

  it('reads a weekly budget into the repayment bands under it', () => {
    expect(read('under $200 a week').refinementList).toEqual({ weekly_price_range: ['$100 - $150', '$150 - $200'] });
    expect(read('$150 pw').refinementList).toEqual({ weekly_price_range: ['$100 - $150'] });
  });

  it("reads the open top band ('$1,000 and over') for a budget above it, never for one under it", () => {
    const top = compileVocabulary({ facets: { ...FACETS, weekly_price_range: { '$900 - $950': 1, '$950 - $1,000': 1, '$1,000 and over': 2 } } });
    const weekly = (sentence: string) => readSentence(sentence, top, { year: YEAR }).refinementList;
    expect(weekly('over $1000 a week')).toEqual({ weekly_price_range: ['$1,000 and over'] });
    expect(weekly('around $1200 a week')).toEqual({ weekly_price_range: ['$1,000 and over'] });
    expect(weekly('$950 to $1500 a week')).toEqual({ weekly_price_range: ['$950 - $1,000', '$1,000 and over'] });
    expect(weekly('under $1000 a week')).toEqual({ weekly_price_range: ['$900 - $950', '$950 - $1,000'] });
  });
});

describe('the sentence reader: words', () => {
  it('reads the example sentence into four filters in the order typed, with nothing left over', () => {
    const reading = read('diesel ute under 30k auto');
    expect(filters(reading)).toEqual({
      refinementList: { fuel: ['Diesel'], body: ['Ute'], transmission: ['Automatic'] },
      range: { price: { max: 30000 } },
      query: '',
    });
    expect(reading.parts.map((part) => part.text)).toEqual(['diesel', 'ute', 'under 30k', 'auto']);
    expect(reading.parts.map((part) => [part.start, part.end])).toEqual([
      [0, 6],
      [7, 10],
      [11, 20],
      [21, 25],
    ]);
  });

  it('takes the longest phrase: a badge over its first word, a colour value over its colour word, a make over a car type', () => {
    expect(read('hilux sr5 4x4').refinementList).toEqual({ model: ['HiLux'], badge: ['SR5 4x4'], make: ['Toyota'] });
    expect(read('hilux sr5').refinementList).toEqual({ model: ['HiLux'], badge: ['SR5'], make: ['Toyota'] });
    expect(read('gxl hybrid').refinementList).toEqual({ badge: ['GXL Hybrid'] });
    expect(read('glacier white').refinementList).toEqual({ colour: ['Glacier White'] });
  });

  it('reads a colour word as every colour value holding it', () => {
    expect(read('white').refinementList).toEqual({ colour: ['Glacier White', 'White'] });
    expect(read('black').parts[0]!.label).toBe('Black');
  });

  it('ignores spaces, hyphens and case in names, and reads a hyphened group whole', () => {
    for (const typed of ['cx5', 'CX-5', 'cx 5']) expect(read(typed).refinementList).toEqual({ model: ['CX-5'], make: ['Mazda'] });
    expect(read('land cruiser').refinementList).toEqual({ model: ['Land Cruiser', 'LandCruiser'], make: ['Toyota'] });
    // 'ls-u' is a badge; 'ls' alone would be another: the group is not cut.
    expect(read('ls-u').refinementList).toEqual({ badge: ['LS-U'] });
    expect(filters(read('st-x'))).toEqual({ refinementList: {}, range: {}, query: 'st-x' });
  });

  it("names a model's make when one make has it, and reads a number model only with its make", () => {
    expect(read('ranger').refinementList).toEqual({ model: ['Ranger'], make: ['Ford'] });
    // 'Mazda 3' and 'Mazda3' are one car however the feed spells it.
    expect(read('mazda 3').refinementList).toEqual({ make: ['Mazda'], model: ['3', 'Mazda3'] });
    expect(read('mazda3').refinementList).toEqual({ make: ['Mazda'], model: ['3', 'Mazda3'] });
    expect(read('peugeot 3008').refinementList).toEqual({ make: ['Peugeot'], model: ['3008'] });
    // '3008' alone is a plain number; 'model' and 'other' are never models.
    expect(filters(read('3008'))).toEqual({ refinementList: {}, range: {}, query: '3008' });
    expect(read('2018 model').refinementList).toEqual({});
  });

  it("reads a number said with its make as the one model of that make ending with it or holding it as a word ('toyota 86' is the GR86)", () => {
    /** FACETS with these Toyota models in stock. */
    const withToyotas = (models: readonly string[], extra: Record<string, number> = {}) =>
      compileVocabulary({
        facets: {
          ...FACETS,
          model: { ...(FACETS.model as Record<string, number>), ...Object.fromEntries(models.map((model) => [model, 1])) },
          make_model: { ...(FACETS.make_model as Record<string, number>), ...Object.fromEntries(models.map((model) => [`Toyota > ${model}`, 1])), ...extra },
        },
      });
    const readWith = (sentence: string, stock: ReturnType<typeof compileVocabulary>) => filters(readSentence(sentence, stock, { year: YEAR }));
    // The GR86 only, and the names other feeds give it.
    for (const model of ['GR86', 'GT86', '86 GT']) {
      const stock = withToyotas([model]);
      expect(readWith('toyota 86', stock), model).toEqual({ refinementList: { make: ['Toyota'], model: [model] }, range: {}, query: '' });
      expect(readWith('toyota 86 manual', stock), model).toEqual({
        refinementList: { make: ['Toyota'], model: [model], transmission: ['Manual'] },
        range: {},
        query: '',
      });
      // The number alone is still a plain number.
      expect(readWith('86', stock), model).toEqual({ refinementList: {}, range: {}, query: '86' });
    }
    // One model of two spellings is one model.
    expect(readWith('toyota 86', withToyotas(['GR86', 'GR 86'])).refinementList).toEqual({ make: ['Toyota'], model: ['GR 86', 'GR86'] });
    // The 86 itself: that model.
    expect(readWith('toyota 86', withToyotas(['86']))).toEqual({ refinementList: { make: ['Toyota'], model: ['86'] }, range: {}, query: '' });
    // Both the 86 and the GR86: the model '86', the one the number names.
    expect(readWith('toyota 86', withToyotas(['86', 'GR86']))).toEqual({ refinementList: { make: ['Toyota'], model: ['86'] }, range: {}, query: '' });
    // Two models holding the number and none named by it: the make and the keyword.
    expect(readWith('toyota 86', withToyotas(['GR86', 'GT86']))).toEqual({ refinementList: { make: ['Toyota'] }, range: {}, query: '86' });
    // A number inside a longer one is not it ('186'); another make's model is not this make's.
    expect(readWith('toyota 86', withToyotas(['GR186']))).toEqual({ refinementList: { make: ['Toyota'] }, range: {}, query: '86' });
    expect(readWith('mazda 86', withToyotas(['GR86']))).toEqual({ refinementList: { make: ['Mazda'] }, range: {}, query: '86' });
    // Where the make > model facet was cut at its limit a model may be missing: the make and the keyword.
    const cut = Object.fromEntries(Array.from({ length: 250 }, (_, at) => [`Make${at} > M${at}`, 1]));
    expect(readWith('toyota 86', withToyotas(['GR86'], cut))).toEqual({ refinementList: { make: ['Toyota'] }, range: {}, query: '86' });
  });

  it("never reads a year as a model by the number rule ('peugeot 2008' is the year where the stock has the e-2008)", () => {
    /** FACETS with these models of one more make in stock. */
    const withMake = (make: string, models: readonly string[]) =>
      compileVocabulary({
        facets: {
          ...FACETS,
          make: { ...(FACETS.make as Record<string, number>), [make]: 3 },
          model: { ...(FACETS.model as Record<string, number>), ...Object.fromEntries(models.map((model) => [model, 1])) },
          make_model: { ...(FACETS.make_model as Record<string, number>), ...Object.fromEntries(models.map((model) => [`${make} > ${model}`, 1])) },
        },
      });
    const readWith = (sentence: string, stock: ReturnType<typeof compileVocabulary>) => filters(readSentence(sentence, stock, { year: YEAR }));
    expect(readWith('peugeot 2008', withMake('Peugeot', ['e-2008', '308']))).toEqual({
      refinementList: { make: ['Peugeot'] },
      range: { year: { min: 2008, max: 2008 } },
      query: '',
    });
    const bikes = withMake('Kawasaki', ['Vulcan 2000', 'Z900']);
    expect(readWith('kawasaki 2000', bikes)).toEqual({ refinementList: { make: ['Kawasaki'] }, range: { year: { min: 2000, max: 2000 } }, query: '' });
    // A number that cannot be a year is still the model's own number.
    expect(readWith('kawasaki 900', bikes)).toEqual({ refinementList: { make: ['Kawasaki'], model: ['Z900'] }, range: {}, query: '' });
    // The year range is the reader's: next year is a year, the one after is not.
    const future = withMake('Kawasaki', [`Vulcan ${YEAR + 2}`]);
    expect(readWith(`kawasaki ${YEAR + 1}`, withMake('Kawasaki', [`Vulcan ${YEAR + 1}`])).range).toEqual({ year: { min: YEAR + 1, max: YEAR + 1 } });
    expect(readWith(`kawasaki ${YEAR + 2}`, future).refinementList).toEqual({ make: ['Kawasaki'], model: [`Vulcan ${YEAR + 2}`] });
  });

  it("reads a number with its make only as a model named by that number: GR86, i30, 'LandCruiser 70', never X5, A4, RAV4 or CX-3", () => {
    const withMakes = (stock: Record<string, readonly string[]>) => {
      const make = { ...(FACETS.make as Record<string, number>) };
      const model = { ...(FACETS.model as Record<string, number>) };
      const makeModel = { ...(FACETS.make_model as Record<string, number>) };
      for (const [name, models] of Object.entries(stock)) {
        make[name] = 3;
        for (const one of models) {
          model[one] = 1;
          makeModel[`${name} > ${one}`] = 1;
        }
      }
      return compileVocabulary({ facets: { ...FACETS, make, model, make_model: makeModel } });
    };
    const readWith = (sentence: string, stock: ReturnType<typeof compileVocabulary>) => filters(readSentence(sentence, stock, { year: YEAR }));
    const stock = withMakes({
      Toyota: ['RAV4', 'GR86', 'LandCruiser 70'],
      BMW: ['X3', 'X5', '320i'],
      Audi: ['A4', 'Q7'],
      Mazda: ['CX-3', 'CX-30'],
      Hyundai: ['i30', 'Tucson'],
    });
    // Letters and a single digit, or a hyphened name, is another car of that number: the make and the keywords.
    for (const [sentence, make, query] of [
      ['bmw 3', 'BMW', '3'],
      ['bmw 5', 'BMW', '5'],
      ['audi 4', 'Audi', '4'],
      ['mazda 30', 'Mazda', '30'],
      ['toyota 4 door', 'Toyota', '4 door'],
      ['bmw 5 series', 'BMW', '5 series'],
      ['bmw 3 series', 'BMW', '3 series'],
    ] as const)
      expect(readWith(sentence, stock), sentence).toEqual({ refinementList: { make: [make] }, range: {}, query });
    const noMazda3 = compileVocabulary({ facets: { ...FACETS, model: { 'CX-3': 1, 'CX-5': 1 }, make_model: { 'Mazda > CX-3': 1, 'Mazda > CX-5': 1 } } });
    expect(readWith('mazda 3', noMazda3)).toEqual({ refinementList: { make: ['Mazda'] }, range: {}, query: '3' });
    // A phrase the reader knows after the number is that phrase.
    expect(readWith('toyota 4 wheel drive', stock)).toEqual({ refinementList: { make: ['Toyota'], drive: ['4WD'] }, range: {}, query: '' });
    expect(readWith('audi 4 wheel drive', stock)).toEqual({ refinementList: { make: ['Audi'], drive: ['4WD'] }, range: {}, query: '' });
    expect(readWith('audi 7 seater', stock)).toEqual({ refinementList: { make: ['Audi'], seats: ['7'] }, range: {}, query: '' });
    // The model's own number: a prefix of one or two letters and two digits or more, or the number as a word.
    expect(readWith('toyota 86', stock).refinementList).toEqual({ make: ['Toyota'], model: ['GR86'] });
    expect(readWith('hyundai 30', stock).refinementList).toEqual({ make: ['Hyundai'], model: ['i30'] });
    expect(readWith('toyota 70', stock).refinementList).toEqual({ make: ['Toyota'], model: ['LandCruiser 70'] });
    // Never where the number is followed by what it counts ('70 series' stays keywords, as without such a model).
    expect(readWith('toyota 70 series', stock)).toEqual({ refinementList: { make: ['Toyota'] }, range: {}, query: '70 series' });
    expect(readWith('bmw 3', withMakes({ BMW: ['3 Series', 'X5'] })).refinementList).toEqual({ make: ['BMW'], model: ['3 Series'] });
    const fourSeries = withMakes({ BMW: ['4 Series'] });
    expect(readWith('bmw 4 wheel drive', fourSeries)).toEqual({ refinementList: { make: ['BMW'], drive: ['4WD'] }, range: {}, query: '' });
    expect(readWith('bmw 4 door', fourSeries)).toEqual({ refinementList: { make: ['BMW'] }, range: {}, query: '4 door' });
  });

  it("reads a number after a make's nickname or short name as after its full name ('merc 63' is the C63, 'chevy 1500' the Silverado 1500)", () => {
    const stock: Record<string, readonly string[]> = {
      'Mercedes-Benz': ['C63', 'C200', 'A45', 'CLA45', 'E250', 'C250'],
      Chevrolet: ['Silverado 1500'],
      Kawasaki: ['Z900', 'Vulcan 2000'],
      'Land Rover': ['Defender 110', 'Discovery'],
      BMW: ['3 Series', 'X5'],
      Subaru: ['360', 'WRX'],
      Volkswagen: ['Golf'],
      'Zone RV': ['Z 21'],
    };
    const pairs = Object.entries(stock).flatMap(([make, models]) => models.map((model) => `${make} > ${model}`));
    const vocabularyOfStock = compileVocabulary({
      facets: {
        make: Object.keys(stock),
        model: Object.values(stock).flat(),
        make_model: pairs,
        drive: ['4WD'],
        seats: ['5', '7'],
      },
    });
    const readWith = (sentence: string) => filters(readSentence(sentence, vocabularyOfStock, { year: YEAR }));
    for (const [nickname, full, refinementList, range, query] of [
      ['merc 63', 'mercedes-benz 63', { make: ['Mercedes-Benz'], model: ['C63'] }, {}, ''],
      ['benz 200', 'mercedes-benz 200', { make: ['Mercedes-Benz'], model: ['C200'] }, {}, ''],
      // 'CLA45' has a prefix of three letters: the A45 alone is named by 45; two models named by 250 are neither.
      ['mercedes 45', 'mercedes-benz 45', { make: ['Mercedes-Benz'], model: ['A45'] }, {}, ''],
      ['merc 250', 'mercedes-benz 250', { make: ['Mercedes-Benz'] }, {}, '250'],
      ['chevy 1500', 'chevrolet 1500', { make: ['Chevrolet'], model: ['Silverado 1500'] }, {}, ''],
      ['kwaka 900', 'kawasaki 900', { make: ['Kawasaki'], model: ['Z900'] }, {}, ''],
      ['landy 110', 'land rover 110', { make: ['Land Rover'], model: ['Defender 110'] }, {}, ''],
      ['beemer 3', 'bmw 3', { make: ['BMW'], model: ['3 Series'] }, {}, ''],
      ['subie 360', 'subaru 360', { make: ['Subaru'], model: ['360'] }, {}, ''],
      ['zone 21', 'zone rv 21', { make: ['Zone RV'], model: ['Z 21'] }, {}, ''],
      // A year is a year, and a number before what it counts or a phrase the reader knows is no model's.
      ['kwaka 2000', 'kawasaki 2000', { make: ['Kawasaki'] }, { year: { min: 2000, max: 2000 } }, ''],
      ['vw 2008', 'volkswagen 2008', { make: ['Volkswagen'] }, { year: { min: 2008, max: 2008 } }, ''],
      ['beemer 5 series', 'bmw 5 series', { make: ['BMW'] }, {}, '5 series'],
      ['chevy 4 door', 'chevrolet 4 door', { make: ['Chevrolet'] }, {}, '4 door'],
      ['landy 4 wheel drive', 'land rover 4 wheel drive', { make: ['Land Rover'], drive: ['4WD'] }, {}, ''],
      ['landy 7 seater', 'land rover 7 seater', { make: ['Land Rover'], seats: ['7'] }, {}, ''],
    ] as const) {
      const expected = { refinementList, range, query };
      expect(readWith(full), full).toEqual(expected);
      expect(readWith(nickname), nickname).toEqual(expected);
    }
    // The nickname with a model's own name: that make's model.
    expect(readWith('vw golf').refinementList).toEqual({ make: ['Volkswagen'], model: ['Golf'] });
    expect(readWith('merc c63').refinementList).toEqual({ make: ['Mercedes-Benz'], model: ['C63'] });
    // Two spellings of one model are one, said with either name.
    const spellings = compileVocabulary({
      facets: { make: ['Mercedes-Benz'], model: ['C-Class', 'C Class'], make_model: ['Mercedes-Benz > C-Class', 'Mercedes-Benz > C Class'] },
    });
    for (const sentence of ['mercedes-benz c class', 'merc c class', 'benz c-class'])
      expect(readSentence(sentence, spellings, { year: YEAR }).refinementList, sentence).toEqual({ make: ['Mercedes-Benz'], model: ['C Class', 'C-Class'] });
    // A name another make of the stock also has ('great wall' where Great Wall stands beside GWM) is no one make's: it gives both makes, and the words after it are read on their own ('ute' a body, not GWM's UTE).
    const twoNames = compileVocabulary({
      facets: { make: ['GWM', 'Great Wall'], model: ['UTE', 'V200'], make_model: ['GWM > UTE', 'Great Wall > V200'], body: ['Ute'] },
    });
    expect(filters(readSentence('great wall ute', twoNames, { year: YEAR }))).toEqual({
      refinementList: { make: ['Great Wall', 'GWM'], body: ['Ute'] },
      range: {},
      query: '',
    });
    expect(readSentence('gwm ute', twoNames, { year: YEAR }).refinementList).toEqual({ make: ['GWM'], model: ['UTE'] });
  });

  it('reads nicknames and a make without its trade word', () => {
    expect(read('merc').refinementList).toEqual({ make: ['Mercedes-Benz'] });
    expect(read('lotus').refinementList).toEqual({ make: ['Lotus Caravans'] });
  });

  it('tolerates a misspelt make or model (one letter, two from eight), never a short word or another first letter', () => {
    expect(read('toyta hilux').refinementList).toEqual({ make: ['Toyota'], model: ['HiLux'] });
    expect(read('hillux').refinementList).toEqual({ model: ['HiLux'], make: ['Toyota'] });
    expect(read('landcrusier').refinementList).toEqual({ model: ['Land Cruiser', 'LandCruiser'], make: ['Toyota'] });
    expect(read('land crusier').parts[0]!.fuzzy).toBe(true);
    expect(read('mercedez benz').refinementList).toEqual({ make: ['Mercedes-Benz'] });
    expect(read('deisel').refinementList).toEqual({ fuel: ['Diesel'] });
    expect(read('automatc').refinementList).toEqual({ transmission: ['Automatic'] });
    // 'ford' one letter off is 'fort' ... but 'lord' starts elsewhere, 'rangr' is a model, 'range' a filler word.
    expect(read('frod').refinementList).toEqual({ make: ['Ford'] });
    expect(read('lord').query).toBe('lord');
    expect(read('price range').query).toBe('');
  });

  it('reads vehicle kinds on a site of several kinds, and nothing into the stock noun of a one-kind site', () => {
    expect(read('bike').refinementList).toEqual({ item_type: ['motorcycle'] });
    const caravans = compileVocabulary({ facets: { item_type: { caravan: 10 }, body: { Caravan: 6, 'Pop Top': 2, 'Camper Trailer': 1, 'Hybrid Camper': 1 } } });
    expect(readSentence('caravan under 50k', caravans, { year: YEAR }).refinementList).toEqual({});
    expect(readSentence('pop top caravan', caravans, { year: YEAR }).refinementList).toEqual({ body: ['Pop Top'] });
    expect(readSentence('hybrid', caravans, { year: YEAR }).refinementList).toEqual({ body: ['Hybrid Camper'] });
    expect(readSentence('camper', caravans, { year: YEAR }).refinementList).toEqual({ body: ['Camper Trailer', 'Hybrid Camper'] });
    // A kind the site does not sell stays a keyword: no bikes here.
    const cars = compileVocabulary({ facets: { item_type: { car: 10 } } });
    expect(readSentence('bike', cars, { year: YEAR }).query).toBe('bike');
  });

  it('never reads a phrase the stock cannot answer: it stays a keyword', () => {
    // No electric car in stock: 'electric' is not read as a fuel.
    expect(filters(read('electric'))).toEqual({ refinementList: {}, range: {}, query: 'electric' });
    expect(filters(read('turbo wildtrak'))).toEqual({ refinementList: { badge: ['Wildtrak'] }, range: {}, query: 'turbo' });
  });

  it('reads a negated phrase as nothing, never as its opposite', () => {
    const reading = read('no sunroof white');
    expect(reading.refinementList).toEqual({ colour: ['Glacier White', 'White'] });
    expect(reading.parts[0]).toMatchObject({ kind: 'ignore', text: 'no sunroof' });
    expect(read('not diesel').refinementList).toEqual({});
  });

  it('drops the words a negation governs: an unknown word is not left as a keyword', () => {
    // No sunroof among this stock's features: 'sunroof' is no value, and the negation drops it too.
    const noSunroof = compileVocabulary({ facets: { ...FACETS, filtered_features: { 'Apple CarPlay': 20, 'Tow Bar': 8 } } });
    const reading = readSentence('ute no sunroof', noSunroof, { year: YEAR });
    expect(filters(reading)).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(reading.parts).toMatchObject([
      { kind: 'refine', text: 'ute' },
      { kind: 'ignore', text: 'no sunroof' },
    ]);
    // It reaches the unknown words up to the next word it understands, a conjunction or a comma.
    expect(filters(read('without leather seats diesel'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
    expect(filters(read('no rust, st-x'))).toEqual({ refinementList: {}, range: {}, query: 'st-x' });
    expect(filters(read('non smoker and turbo'))).toEqual({ refinementList: {}, range: {}, query: 'turbo' });
    // 'or' carries it on to the next thing: 'no dents or scratches' negates both.
    expect(filters(read('hilux no dents or scratches'))).toMatchObject({ refinementList: { model: ['HiLux'] }, query: '' });
    // A number after 'no' is a number ('stock no 4411'), not something negated.
    expect(read('stock no 4411').query).toBe('4411');
  });

  it("reads a word with an apostrophe inside as one word: \"don't want diesel\" is a negation, not Diesel plus the keywords 'don t'", () => {
    expect(filters(read("don't want diesel"))).toEqual({ refinementList: {}, range: {}, query: '' });
    expect(filters(read('don’t want diesel'))).toEqual({ refinementList: {}, range: {}, query: '' });
    for (const word of ["doesn't", "isn't", "won't", "shouldn't", "can't", 'can’t'])
      expect(filters(read(`ute ${word} be diesel`)), word).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(filters(read("hilux, don't want over 30k"))).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: {}, query: '' });
    // Any other such word is one word too, kept as typed for the keywords; a quote around words is no apostrophe.
    expect(filters(read("o'brien ute"))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: "o'brien" });
    expect(filters(read("ford's ranger"))).toEqual({ refinementList: { make: ['Ford'], model: ['Ranger'] }, range: {}, query: '' });
    expect(read("ute 'turbo'").query).toBe('turbo');
  });

  it("reads 'not interested in diesel' as nothing, and 'interested in a diesel' as Diesel with no keyword", () => {
    expect(filters(read('not interested in diesel'))).toEqual({ refinementList: {}, range: {}, query: '' });
    expect(filters(read('hilux not interested in manual'))).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: {}, query: '' });
    expect(filters(read('interested in a diesel'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
  });

  it("reads a negation typed without its apostrophe ('dont', 'cant') and 'avoid' as negations: nothing, never the opposite nor a keyword", () => {
    expect(filters(read('dont want a sunroof'))).toEqual({ refinementList: {}, range: {}, query: '' });
    for (const word of ['dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wont', 'wouldnt', 'shouldnt', 'cant', 'cannot', 'avoid'])
      expect(filters(read(`ute ${word} want diesel`)), word).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(read('hilux dont want over 30k').range).toEqual({});
    // It reaches what any negation reaches: up to a comma or an 'and'.
    expect(filters(read('avoid manual, diesel'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
    expect(filters(read('dont want a sunroof but a tow bar'))).toEqual({ refinementList: { filtered_features: ['Tow Bar'] }, range: {}, query: '' });
  });

  it("reads a negation of more than one word ('anything but', 'other than', 'not a fan of') and 'hate' as negations: nothing, never the filter plus a keyword", () => {
    for (const negation of [
      'anything but',
      'other than',
      'apart from',
      'instead of',
      'hate',
      'dislike',
      'not a fan of',
      'not keen on',
      'no to',
      'anything except',
      'anything other than',
    ])
      expect(filters(read(`${negation} diesel`)), negation).toEqual({ refinementList: {}, range: {}, query: '' });
    expect(filters(read('hilux anything but a manual'))).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: {}, query: '' });
    expect(filters(read('i hate diesel, want a ute'))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(filters(read('anything but a manual ute'))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(read('other than over 30k').range).toEqual({});
    // It reaches what any negation reaches: up to a comma or an 'and'; an unknown word with it.
    expect(filters(read('anything but manual, diesel'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
    expect(filters(read('ute other than rust'))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    // 'but' alone is still an 'and'; 'anything' alone says nothing to filter by.
    expect(filters(read('no sunroof but diesel'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
    expect(filters(read('anything under 30k'))).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    expect(filters(read('other turbo'))).toEqual({ refinementList: {}, range: {}, query: 'other turbo' });
  });

  it("reads a negation of more than one word whole where the stock has a value spelled like its first word ('Other')", () => {
    const withOther = compileVocabulary({ facets: { ...FACETS, body: { ...FACETS.body, Other: 2 }, fuel: { ...FACETS.fuel, Other: 1 } } });
    const readOther = (sentence: string) => filters(readSentence(sentence, withOther, { year: YEAR }));
    expect(readOther('ute other than diesel')).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(readOther('hilux other than a manual')).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: {}, query: '' });
    expect(readOther('other than over 30k ute')).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    // Without 'than' the word is the value.
    expect(readOther('other ute')).toEqual({ refinementList: { body: ['Other', 'Ute'], fuel: ['Other'] }, range: {}, query: '' });
  });

  it("reads a filler word after a negation or a modal as filler where the stock has a value spelled like it ('can't be a manual', 'BE' a badge)", () => {
    const withBe = compileVocabulary({ facets: { ...FACETS, badge: { ...FACETS.badge, BE: 2, GO: 1 } } });
    const readBe = (sentence: string) => filters(readSentence(sentence, withBe, { year: YEAR }));
    const ranger = { refinementList: { model: ['Ranger'], make: ['Ford'] }, range: {}, query: '' };
    for (const sentence of [
      "ranger can't be a manual",
      'ranger, cant be manual',
      'ranger must not be a manual',
      "ranger shouldn't be diesel",
      'ranger wont be over 30k',
    ])
      expect(readBe(sentence), sentence).toEqual(ranger);
    // A modal is filler, and so is the word after it; the value after that is read.
    expect(readBe('ranger must be a manual')).toEqual({ ...ranger, refinementList: { ...ranger.refinementList, transmission: ['Manual'] } });
    expect(readBe('ranger should be diesel')).toEqual({ ...ranger, refinementList: { ...ranger.refinementList, fuel: ['Diesel'] } });
    expect(readBe('ranger needs to be diesel')).toEqual({ ...ranger, refinementList: { ...ranger.refinementList, fuel: ['Diesel'] } });
    // Anywhere else the word is the badge.
    expect(readBe('ranger be')).toEqual({ ...ranger, refinementList: { ...ranger.refinementList, badge: ['BE'] } });
    expect(readBe('ranger go diesel')).toEqual({ ...ranger, refinementList: { ...ranger.refinementList, badge: ['GO'], fuel: ['Diesel'] } });
  });

  it('reads a negated phrase as nothing across an article, and a negated amount as nothing', () => {
    expect(filters(read('ute without a sunroof'))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(read('not a diesel').refinementList).toEqual({});
    expect(read('no 7 seater').refinementList).toEqual({});
    expect(read('not 2018').range).toEqual({});
    expect(read('no sunroof or tow bar').refinementList).toEqual({});
    expect(read('no rust or sunroof').refinementList).toEqual({});
    expect(read('no sunroof and a tow bar').refinementList).toEqual({ filtered_features: ['Tow Bar'] });
    // A comparator that starts with a negation is still a comparator.
    expect(read('no more than 30k').range).toEqual({ price: { max: 30000 } });
  });

  it("drops 'but' as it drops 'and': it ends what a negation reaches and is no keyword", () => {
    expect(filters(read('no sunroof but diesel'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
    expect(filters(read('diesel but not manual'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
    expect(filters(read('ute but no sunroof'))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
    expect(filters(read('hilux but turbo'))).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: {}, query: 'turbo' });
    expect(filters(read('no rust but a tow bar'))).toEqual({ refinementList: { filtered_features: ['Tow Bar'] }, range: {}, query: '' });
  });

  it("reads every conjunction by one rule: never a keyword; an 'and' ends a negation, an 'or' carries it on", () => {
    expect([...CONJUNCTIONS.keys()]).toEqual(expect.arrayContaining(['and', 'but', 'with', 'plus', 'or', 'nor']));
    for (const [word, reads] of CONJUNCTIONS) {
      expect(filters(read(`ute ${word} turbo`)), word).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: 'turbo' });
      const negated = read(`no dents ${word} sunroof`).refinementList;
      expect(negated, word).toEqual(reads === 'and' ? { filtered_features: ['Sunroof'] } : {});
    }
    // 'neither ... nor' negates both.
    expect(filters(read('ute with neither sunroof nor tow bar'))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
  });

  it("reads 'or' and 'and' between values of one facet as either value", () => {
    expect(filters(read('petrol or diesel ute'))).toEqual({ refinementList: { fuel: ['Petrol', 'Diesel'], body: ['Ute'] }, range: {}, query: '' });
    expect(filters(read('hilux and ranger with tow bar'))).toEqual({
      refinementList: { model: ['HiLux', 'Ranger'], filtered_features: ['Tow Bar'], make: ['Toyota', 'Ford'] },
      range: {},
      query: '',
    });
  });

  it("reads '2nd hand' as used, as 'second hand' is", () => {
    for (const sentence of ['2nd hand', '2nd-hand', '2ndhand', 'second hand', 'second-hand', 'secondhand'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: { car_type: ['used'] }, range: {}, query: '' });
    expect(filters(read('2nd hand hilux under 20k'))).toEqual({
      refinementList: { car_type: ['used'], model: ['HiLux'], make: ['Toyota'] },
      range: { price: { max: 20000 } },
      query: '',
    });
  });

  it('drops filler words so a chatty sentence is not a keyword search for them', () => {
    expect(filters(read('i want a family suv with good safety for under 35k please'))).toEqual({
      refinementList: { body: ['SUV'] },
      range: { price: { max: 35000 } },
      query: '',
    });
  });

  it("drops a contraction of the filler ('i'd like', 'we're after') typed with or without its apostrophe", () => {
    for (const sentence of [
      "i'd like a diesel",
      'id like a diesel',
      'i’d like a diesel',
      "i've got to have a diesel",
      "i'll need a diesel",
      "we're after a diesel",
      "we'd like a diesel",
      "we've got to have a diesel",
      "i'm after a diesel",
    ])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: { fuel: ['Diesel'] }, range: {}, query: '' });
  });

  it('lists every filler word and every word of a negation as the reader folds it, so none is dead', () => {
    const folded = (word: string) => /^[\p{Ll}\p{N}]+$/u.test(word);
    expect([...FILLER_WORDS].filter((word) => !folded(word))).toEqual([]);
    expect([...NEGATIONS].flatMap((phrase) => phrase.split(' ')).filter((word) => !folded(word))).toEqual([]);
  });

  it('ORs values of one facet, intersects bounds of one range, reads sorts', () => {
    expect(read('petrol or diesel').refinementList).toEqual({ fuel: ['Petrol', 'Diesel'] });
    expect(read('over 20k under 30k').range).toEqual({ price: { min: 20000, max: 30000 } });
    expect(read('cheapest hatch').sortBy).toBe('price-asc');
    expect(read('latest hilux').sortBy).toBe('latest');
  });

  it('reads places: a city, what sets a location apart from the brand, a dealership', () => {
    expect(read('southport').refinementList).toEqual({ city: ['Southport'] });
    expect(read('sunshine coast').refinementList).toEqual({ location_name: ['Acme Cars Sunshine Coast'] });
    expect(read('newcastle').refinementList).toEqual({ location_name: ['Acme Cars Newcastle'] });
    expect(read('brisbane').refinementList).toEqual({ dealership_name: ['Acme Cars Brisbane'] });
    // 'coast' alone is too generic to stand for Sunshine Coast.
    expect(read('coast').query).toBe('coast');
    expect(read('qld').refinementList).toEqual({ state: ['QLD'] });
  });

  it("reads a place by its short forms either way: 'mt druitt' is Mount Druitt, 'saint marys' is St Marys, 'pt macquarie' Port Macquarie", () => {
    const places = compileVocabulary({
      facets: {
        ...FACETS,
        city: { ...(FACETS.city as Record<string, number>), 'Mount Druitt': 3, 'St Marys': 2 },
        location_name: { ...(FACETS.location_name as Record<string, number>), 'Acme Cars Port Macquarie': 4 },
      },
    });
    const place = (sentence: string) => filters(readSentence(sentence, places, { year: YEAR }));
    expect(place('mt druitt')).toEqual({ refinementList: { city: ['Mount Druitt'] }, range: {}, query: '' });
    expect(place('hilux in mt. druitt')).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'], city: ['Mount Druitt'] }, range: {}, query: '' });
    expect(place('mount druitt').refinementList).toEqual({ city: ['Mount Druitt'] });
    expect(place('saint marys').refinementList).toEqual({ city: ['St Marys'] });
    expect(place('st marys').refinementList).toEqual({ city: ['St Marys'] });
    expect(place('pt macquarie ute').refinementList).toEqual({ location_name: ['Acme Cars Port Macquarie'], body: ['Ute'] });
    // A short form alone names no place.
    expect(place('mt').query).toBe('mt');
  });

  it("lets the dealer's words win every phrase they name", () => {
    const words: DealerWords[] = [
      { words: ['tradie ute', 'work ute'], refine: { body: ['Ute'], transmission: ['Manual'] } },
      { words: ['cheap'], range: { price: { max: 15000 } } },
      { words: ['acme'], ignore: true as const },
      { words: ['hilux'], refine: { model: ['HiLux', 'Ranger'] } },
    ];
    expect(read('tradie ute', words).refinementList).toEqual({ body: ['Ute'], transmission: ['Manual'] });
    expect(read('cheap', words)).toMatchObject({ range: { price: { max: 15000 } } });
    expect(read('cheap', words).sortBy).toBeUndefined();
    expect(filters(read('acme sedan', words))).toEqual({ refinementList: { body: ['Sedan'] }, range: {}, query: '' });
    // Each model names its make.
    expect(read('hilux', words).refinementList).toEqual({ model: ['HiLux', 'Ranger'], make: ['Toyota', 'Ford'] });
  });

  it('reads the first 40 words of a pasted text and leaves the rest as typed', () => {
    const long = `diesel ute ${'lorem '.repeat(38)}under 30k auto`;
    const reading = read(long.repeat(50));
    expect(reading.refinementList).toEqual({ fuel: ['Diesel'], body: ['Ute'] });
    expect(reading.query.startsWith('lorem lorem')).toBe(true);
    expect(reading.query.endsWith('under 30k auto')).toBe(true);
  });

  it('is the same reading for the same vocabulary, whatever else was read before', () => {
    const first = read('white toyota hilux 2018 or newer under 40k');
    read('diesel ute under 30k auto');
    expect(read('white toyota hilux 2018 or newer under 40k')).toEqual(first);
  });
});

describe('the sentence reader: years, negations and amounts said in other ways', () => {
  it("joins two years said together ('2018 or 2019', '2018 2020 ranger') into the span of both, never a range of min above max", () => {
    expect(read('hilux 2018 or 2019').range).toEqual({ year: { min: 2018, max: 2019 } });
    expect(read('hilux 2018 2019').range).toEqual({ year: { min: 2018, max: 2019 } });
    expect(read('2018 and 2019').range).toEqual({ year: { min: 2018, max: 2019 } });
    expect(read('2018 2020 ranger').range).toEqual({ year: { min: 2018, max: 2020 } });
    expect(read('2015-2016 or 2019').range).toEqual({ year: { min: 2015, max: 2019 } });
    // Bounds still narrow a span, and bounds that contradict each other read as either.
    expect(read('2015-2019 under 2018').range).toEqual({ year: { min: 2015, max: 2017 } });
    expect(read('since 2019, 2017 or 2020').range).toEqual({ year: { min: 2019, max: 2020 } });
    expect(read('over 30k under 20k').range).toEqual({});
    for (const sentence of ['2018 or 2019', '2020 2018', 'pre 2010 2015', 'over 30k under 20k', 'under 20k 30k-40k']) {
      for (const bounds of Object.values(read(sentence).range))
        expect(bounds.min === undefined || bounds.max === undefined || bounds.min <= bounds.max).toBe(true);
    }
  });

  it('reads \'nothing\', \'none\', "mustn\'t", "hasn\'t", "haven\'t", "needn\'t" as negations: nothing, never the opposite', () => {
    for (const sentence of ['nothing', 'none', 'nothing diesel', "hasn't got a sunroof", "haven't got a sunroof", "mustn't be diesel", "needn't be diesel"]) {
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: {}, query: '' });
    }
    expect(filters(read("ute that hasn't got a sunroof"))).toEqual({ refinementList: { body: ['Ute'] }, range: {}, query: '' });
  });

  it("reads 'nothing over 30k' and 'none over 30k' as the bound they leave (up to 30k), as 'not over 30k' is", () => {
    for (const sentence of [
      'nothing over 30k',
      'none over 30k',
      'nothing above $30,000',
      'none dearer than 30k',
      'nothing more than 30k',
      'nothing pricier than 30 grand',
    ])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    for (const sentence of ['nothing under 20k', 'none below $20,000', 'nothing cheaper than 20k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { min: 20000 } }, query: '' });
    expect(filters(read('ute, nothing over 30k'))).toEqual({ refinementList: { body: ['Ute'] }, range: { price: { max: 30000 } }, query: '' });
    expect(read('nothing over 100,000 km').range).toEqual({ km: { max: 100000 } });
    expect(read('nothing older than 2015').range).toEqual({ year: { min: 2015 } });
    // Without 'nothing', 'dearer than' compares as 'over' does.
    expect(read('dearer than 30k').range).toEqual({ price: { min: 30000 } });
    // 'nothing' before anything else is still a negation.
    expect(filters(read('nothing diesel under 30k'))).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
  });

  it("reads every one-way comparator negated as the bound it leaves ('no dearer than 30k' is up to 30k, as 'no more than 30k' is)", () => {
    for (const sentence of [
      'no more expensive than 30k',
      'not more expensive than 30k',
      'no dearer than 30k',
      'not dearer than 30k',
      'not pricier than 30k',
      "isn't dearer than 30k",
      "isn't more than 30k",
      'no more then 30k',
      'not over 30k',
      'no more than 30k',
    ])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    for (const sentence of ['no cheaper than 20k', 'not less than 20k', 'not under 20k', 'not less then 20k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { min: 20000 } }, query: '' });
    expect(read('no older than 2015').range).toEqual({ year: { min: 2015 } });
    // A negated list of them as any negated list.
    expect(read('not dearer than 30k or cheaper than 10k').range).toEqual({ price: { min: 10000, max: 30000 } });
  });

  it("reads a bare amount after 'or' and a negated comparison as after any comparison ('no more than 30k or 40k' is up to 30k, as 'under 20k or 30k' is up to 20k)", () => {
    for (const sentence of ['no more than 30k or 40k', 'not more than 30k or 40k', 'not over 30k or 40k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    expect(read('not under 20k or 30k').range).toEqual({ price: { min: 20000, max: 30000 } });
    expect(read('not over 50,000 kms or 80,000').range).toEqual({ km: { max: 50000 } });
    // A negated list is each bound it leaves: 'no more than 30k or under 40k' leaves nothing between them, so no bound.
    expect(filters(read('no more than 30k or under 40k'))).toEqual({ refinementList: {}, range: {}, query: '' });
    expect(filters(read('not under 20k or diesel'))).toEqual({ refinementList: {}, range: {}, query: '' });
  });

  it("reads 'none of them over 30k' and 'nothing much over 30k' as up to 30k, never from 30k (the opposite)", () => {
    for (const sentence of ['none of them over 30k', 'nothing much over 30k', 'none of those dearer than 30k', 'nothing at all over 30k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    expect(read('none of them under 20k').range).toEqual({ price: { min: 20000 } });
    expect(read('nothing at all older than 2015').range).toEqual({ year: { min: 2015 } });
  });

  it("reads a space between thousands ('$30 000', '100 000 km') as one number", () => {
    expect(filters(read('under $30 000'))).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    expect(filters(read('under 100 000 km'))).toEqual({ refinementList: {}, range: { km: { max: 100000 } }, query: '' });
    expect(read('between 20 000 and 30 000').range).toEqual({ price: { min: 20000, max: 30000 } });
    expect(read('under $1 250 000').range).toEqual({ price: { max: 1250000 } });
    // Two years, or a year and a stock number, are no thousands.
    expect(read('2018 2019').range).toEqual({ year: { min: 2018, max: 2019 } });
  });

  it("reads a negated comparison of years or amounts as what it allows ('no older than 2015' is 2015 or newer)", () => {
    expect(read('no older than 2015').range).toEqual({ year: { min: 2015 } });
    expect(read('not older than 2015').range).toEqual({ year: { min: 2015 } });
    expect(read('no less than 2015').range).toEqual({ year: { min: 2015 } });
    expect(read('no newer than 2020').range).toEqual({ year: { max: 2020 } });
    expect(read('not newer than 2020').range).toEqual({ year: { max: 2020 } });
    expect(read('no less than 20k').range).toEqual({ price: { min: 20000 } });
    expect(read('no more than 30k').range).toEqual({ price: { max: 30000 } });
    expect(filters(read('no older than 2015')).query).toBe('');
  });

  it("reads 'not over 30k' as up to 30k and 'not under 20k' as from 20k, as 'no more than' and 'no less than' are read", () => {
    for (const sentence of ['not over 30k', 'no more than 30k', 'not more than $30,000', 'not above 30k', 'under 30k', 'up to 30k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    for (const sentence of ['not under 20k', 'not below $20,000', 'no less than 20k', 'not less than 20 grand'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { min: 20000 } }, query: '' });
    expect(filters(read('hilux not over 30k, not under 20k'))).toEqual({
      refinementList: { model: ['HiLux'], make: ['Toyota'] },
      range: { price: { min: 20000, max: 30000 } },
      query: '',
    });
    // Kilometres and years the same way; other negations of an amount are still nothing.
    expect(read('kms not over 100k').range).toEqual({ km: { max: 100000 } });
    expect(read('not under 2015').range).toEqual({ year: { min: 2015 } });
    expect(read('not 30k').range).toEqual({});
    expect(read("hilux, don't want over 30k").range).toEqual({});
  });

  it("reads a negation over an 'or' list of comparisons as what it leaves ('not under 20k or over 30k' is 20k to 30k), never half of it", () => {
    for (const sentence of ['not under 20k or over 30k', 'no less than 20k or more than 30k', 'not below 20k nor above 30k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { min: 20000, max: 30000 } }, query: '' });
    for (const sentence of ['not over 30k or under 10k', 'no more than 30k or less than 10k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { price: { min: 10000, max: 30000 } }, query: '' });
    expect(filters(read('ute not under 20k or over 30k'))).toEqual({
      refinementList: { body: ['Ute'] },
      range: { price: { min: 20000, max: 30000 } },
      query: '',
    });
    expect(read('not older than 2015 or newer than 2020').range).toEqual({ year: { min: 2015, max: 2020 } });
    expect(read('kms not under 50k or over 100k').range).toEqual({ km: { min: 50000, max: 100000 } });
    // A list with anything but comparisons in it reads nothing, as a negated list always has.
    for (const sentence of ['not under 20k or diesel', 'not over 30k or diesel', 'not under 20k or over 30k or diesel', 'no less than 20k or more'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: {}, query: '' });
    // A list of counts the filters would OR is nothing too; a comma ends the list.
    expect(filters(read('not under 5 seats or over 7 seats'))).toEqual({ refinementList: {}, range: {}, query: '' });
    expect(read('diesel, not under 20k, or over 30k').refinementList).toEqual({ fuel: ['Diesel'] });
  });

  it("reads comparisons of one field joined by 'or' as either, never both ('over 20k or over 30k' is from 20k)", () => {
    // Two lower bounds: the smaller; two upper bounds: the larger.
    expect(filters(read('over 20k or over 30k'))).toEqual({ refinementList: {}, range: { price: { min: 20000 } }, query: '' });
    expect(filters(read('under 20k or under 30k'))).toEqual({ refinementList: {}, range: { price: { max: 30000 } }, query: '' });
    expect(read('over 30k or over 20k or over 25k').range).toEqual({ price: { min: 20000 } });
    expect(read('newer than 2018 or newer than 2020').range).toEqual({ year: { min: 2019 } });
    expect(read('kms under 50k or under 80,000 km').range).toEqual({ km: { max: 80000 } });
    // A lower and an upper bound: everything where they overlap, two separate ranges where not; either way no bound.
    for (const sentence of ['over 20k or under 30k', 'under 10k or over 30k', 'before 2015 or after 2020', 'over 20k or under 30k or over 40k'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: {}, query: '' });
    // Another bound of the field still narrows the either; other fields are apart.
    expect(read('over 20k or over 30k, under 50k').range).toEqual({ price: { min: 20000, max: 50000 } });
    expect(filters(read('ute under 10k or over 30k diesel'))).toEqual({ refinementList: { body: ['Ute'], fuel: ['Diesel'] }, range: {}, query: '' });
    // A comma ends what a negation reaches: 'not under 20k, or over 30k' is from 20k, either of the two.
    expect(filters(read('not under 20k, or over 30k'))).toEqual({ refinementList: {}, range: { price: { min: 20000 } }, query: '' });
    expect(filters(read('diesel, not under 20k, or over 30k'))).toEqual({ refinementList: { fuel: ['Diesel'] }, range: { price: { min: 20000 } }, query: '' });
    expect(read('not over 30k, or under 10k').range).toEqual({ price: { max: 30000 } });
    // Without the comma the negation heads the list; a bare amount after 'or' is no comparison.
    expect(read('not under 20k or over 30k').range).toEqual({ price: { min: 20000, max: 30000 } });
    expect(read('over 20k or 30k').range).toEqual({ price: { min: 20000, max: 30000 } });
  });

  it("reads an amount after 'or' with no unit of its own in the field of the comparison it follows ('under 50,000 kms or under 80,000' is kms up to 80,000)", () => {
    for (const sentence of ['under 50,000 kms or under 80,000', 'kms under 50k or under 80,000', 'under 50 ks or under 80'])
      expect(filters(read(sentence)), sentence).toEqual({ refinementList: {}, range: { km: { max: 80000 } }, query: '' });
    expect(read('over 50,000 kms or over 80,000').range).toEqual({ km: { min: 50000 } });
    expect(read('under 20 ft or under 22').range).toEqual({ body_length: { max: 22 } });
    // A bare amount after the 'or' takes the field too and is read as a bare amount of it is (a limit, a length), never a keyword.
    expect(filters(read('under 50,000 kms or 80,000'))).toEqual({ refinementList: {}, range: { km: { max: 50000 } }, query: '' });
    expect(filters(read('under 20 ft or 22'))).toEqual({ refinementList: {}, range: { body_length: { max: 23 } }, query: '' });
    // A negated list the same way.
    expect(read('not under 50,000 kms or over 80,000').range).toEqual({ km: { min: 50000, max: 80000 } });
    // An amount with a unit of its own keeps it: a '$' or 'dollars' is a price, 'kms' kilometres; a year stays a year.
    for (const sentence of ['under 50,000 kms or under 30k dollars', 'under 50,000 kms or under $30,000', 'under 50,000 kms or under $30k'])
      expect(read(sentence).range, sentence).toEqual({ km: { max: 50000 }, price: { max: 30000 } });
    expect(read('under 30k or under 50,000 kms').range).toEqual({ price: { max: 30000 }, km: { max: 50000 } });
    expect(read('under 50,000 kms or under 2010').range).toEqual({ km: { max: 50000 }, year: { max: 2009 } });
    // Not across another word, nor without the 'or'.
    expect(read('under 50,000 kms and under 30k').range).toEqual({ km: { max: 50000 }, price: { max: 30000 } });
    expect(read('under 50,000 kms diesel or under 30k').range).toEqual({ km: { max: 50000 }, price: { max: 30000 } });
    // After a price, 'or under 30' is a price (30k) and a bare '30k' after 'or' no second bound.
    expect(read('under 20k or under 30').range).toEqual({ price: { max: 30000 } });
    expect(read('under 20k or 30k').range).toEqual({ price: { max: 20000 } });
  });

  it("reads an amount said as money after 'or' as a price, never of the field before it ('under 100k kms or under 20k' is both)", () => {
    // 'k', 'grand', 'thousand', '$', 'dollars' or a price word after it say money.
    for (const [sentence, price] of [
      ['under 100k kms or under 20k', 20000],
      ['under 100,000 km or under 20k', 20000],
      ['under 100k km or under 30k price', 30000],
      ['under 100k km or under 30k drive away', 30000],
      ['under 100k km or under 30k budget', 30000],
      ['under 100k km or under 20 grand', 20000],
      ['under 100k km or under 20 thousand', 20000],
      ['kms under 100k or under 25k', 25000],
      ['under 50,000 kms or under 80k', 80000],
      ['under 100k kms, or under 20k', 20000],
    ] as const)
      expect(filters(read(sentence)), sentence).toEqual({
        refinementList: {},
        range: { km: { max: sentence.startsWith('under 50') ? 50000 : 100000 }, price: { max: price } },
        query: '',
      });
    // A bare amount said as money is a budget.
    expect(read('under 100k km or 20 grand').range).toEqual({ km: { max: 100000 }, price: { max: 20000 } });
    expect(read('under 100,000 km or 30k').range).toEqual({ km: { max: 100000 }, price: { max: 30000 } });
    // Bounds of two fields are both, never joined nor wiped.
    expect(read('over 100k kms or under 20k').range).toEqual({ km: { min: 100000 }, price: { max: 20000 } });
    expect(read('under 100k kms or over 20k').range).toEqual({ km: { max: 100000 }, price: { min: 20000 } });
    expect(read('not over 100k kms or over 20k').range).toEqual({ km: { max: 100000 }, price: { max: 20000 } });
    // A plain number is kilometres there while it can be.
    expect(read('under 100k kms or under 2,000,000').range).toEqual({ km: { max: 100000 }, price: { max: 2000000 } });
  });

  it("reads a number after a length and 'or' as feet only where a caravan can be that long ('under 20 ft or under 30,000' is a price)", () => {
    expect(read('under 20 ft or under 30,000').range).toEqual({ body_length: { max: 20 }, price: { max: 30000 } });
    expect(read('under 22ft or under 45000').range).toEqual({ body_length: { max: 22 }, price: { max: 45000 } });
    expect(read('over 20 ft or over 50000').range).toEqual({ body_length: { min: 20 }, price: { min: 50000 } });
    expect(read('under 20 ft or under 30 grand').range).toEqual({ body_length: { max: 20 }, price: { max: 30000 } });
    // A bare number no length can be is a keyword, as a bare number is ('under 20k or 30000').
    expect(filters(read('under 20 ft or 30000'))).toEqual({ refinementList: {}, range: { body_length: { max: 20 } }, query: '30000' });
    // One that can be a length still is.
    expect(read('under 20 ft or under 100').range).toEqual({ body_length: { max: 100 } });
    expect(read('under 20 ft or under 101').range).toEqual({ body_length: { max: 20 }, price: { max: 101000 } });
  });

  it("reads 'older than' and 'newer than' an age the way round they say ('older than 5 years' is 2021 or before)", () => {
    expect(read('older than 5 years').range).toEqual({ year: { max: YEAR - 5 } });
    expect(read('newer than 5 years').range).toEqual({ year: { min: YEAR - 5 } });
    expect(read('no older than 5 years').range).toEqual({ year: { min: YEAR - 5 } });
  });
});

describe('the sentence reader: makes, models and words around them', () => {
  it("reads a model of one make with another make as both ('cx5 or toyota'): the model's make added, the other make with all its models", () => {
    const toyota = ['HiLux', 'Land Cruiser', 'LandCruiser'];
    expect(read('cx5 or toyota').refinementList).toEqual({ model: ['CX-5', ...toyota], make: ['Toyota', 'Mazda'] });
    expect(read('mazda cx5 or any toyota').refinementList).toEqual({ make: ['Mazda', 'Toyota'], model: ['CX-5', ...toyota] });
    // A make with its own model, and a model with its make, are that make's model.
    expect(read('toyota hilux').refinementList).toEqual({ make: ['Toyota'], model: ['HiLux'] });
    expect(read('toyota or ford ranger').refinementList).toEqual({ make: ['Toyota', 'Ford'], model: ['Ranger', ...toyota] });
    expect(read('hilux or ranger').refinementList).toEqual({ model: ['HiLux', 'Ranger'], make: ['Toyota', 'Ford'] });
    // A make said with a model, no 'or' between, is that make's model even where the stock lists it under another make.
    expect(read('ford hilux').refinementList).toEqual({ make: ['Ford'], model: ['HiLux'] });
    // Where the make > model facet was cut at its limit, a make's models may be missing: no model filter, every car of both makes.
    const cut = { ...(FACETS.make_model as Record<string, number>), ...Object.fromEntries(Array.from({ length: 250 }, (_, at) => [`Make${at} > M${at}`, 1])) };
    const wide = compileVocabulary({ facets: { ...FACETS, make_model: cut } });
    expect(readSentence('cx5 or toyota', wide, { year: YEAR }).refinementList).toEqual({ make: ['Toyota', 'Mazda'] });
  });

  it("reads '4wd wagon' as a 4WD SUV: the drive kept", () => {
    expect(read('4wd wagon').refinementList).toEqual({ body: ['SUV'], drive: ['4WD'] });
    expect(read('four wheel drive wagon').refinementList).toEqual({ body: ['SUV'], drive: ['4WD'] });
    // Stock with wagons and no SUVs: the words one by one.
    const wagons = compileVocabulary({ facets: { ...FACETS, body: { Wagon: 3, Ute: 2 } } });
    expect(readSentence('4wd wagon', wagons, { year: YEAR }).refinementList).toEqual({ drive: ['4WD'], body: ['Wagon'] });
  });

  it("reads no colour of the interior ('black with red interior' is Black, 'red interior' no keyword)", () => {
    expect(filters(read('black with red interior'))).toEqual({ refinementList: { colour: ['Black', 'Eclipse Black'] }, range: {}, query: '' });
    expect(filters(read('white suv red inside'))).toEqual({ refinementList: { colour: ['Glacier White', 'White'], body: ['SUV'] }, range: {}, query: '' });
    expect(filters(read('red trim hilux'))).toEqual({ refinementList: { model: ['HiLux'], make: ['Toyota'] }, range: {}, query: '' });
    expect(filters(read('black leather interior'))).toEqual({ refinementList: {}, range: {}, query: 'leather interior' });
    expect(read('red hilux').refinementList).toEqual({ colour: ['Red'], model: ['HiLux'], make: ['Toyota'] });
  });

  it("keeps '5 series' whole as keywords where the stock has no such model, never a lone number", () => {
    expect(filters(read('5 series'))).toEqual({ refinementList: {}, range: {}, query: '5 series' });
    expect(filters(read('ford 70 series auto'))).toEqual({ refinementList: { make: ['Ford'], transmission: ['Automatic'] }, range: {}, query: '70 series' });
  });

  it("never splits an Australian place into a colour and a keyword ('gold coast' where the stock has no Gold Coast)", () => {
    const gold = compileVocabulary({ facets: { ...FACETS, colour: { ...(FACETS.colour as Record<string, number>), Gold: 1 } } });
    expect(filters(readSentence('gold coast hatch', gold, { year: YEAR }))).toEqual({
      refinementList: { body: ['Hatchback'] },
      range: {},
      query: 'gold coast',
    });
    expect(readSentence('gold hatch', gold, { year: YEAR }).refinementList).toEqual({ colour: ['Gold'], body: ['Hatchback'] });
  });
});

describe('a reading on the embedded engine', () => {
  const ute = (id: number, fields: Partial<Car>) =>
    makeCar({ id, slug: `car-${id}`, make: 'Ford', model: 'Ranger', simple_body: 'Ute', standardEquipment: ['Tow Bar'], ...fields });
  const engine = createSearchEngine(
    toSearchDocuments(
      [ute(1, {}), ute(2, { make: 'Toyota', model: 'HiLux' }), ute(3, { make: 'Isuzu', model: 'D-Max' }), ute(4, { simple_body: 'SUV', model: 'Everest' })],
      {
        slug: 'demo',
        dealerships: [],
      },
    ),
  );
  const stock = compileVocabulary({ facets: engine.search('cars', { hitsPerPage: 0, facets: [...VOCABULARY_FACETS] }).facets });

  it("'ute no sunroof' on stock without a sunroof is every ute (the negated word is no keyword)", () => {
    const reading = readSentence('ute no sunroof', stock, { year: YEAR });
    expect(reading.query).toBe('');
    const answer = engine.search('cars', { query: reading.query, ...readingFilters(reading) });
    expect(answer.hits.map((hit) => hit.id).sort()).toEqual(['1', '2', '3']);
  });
});

describe("a bike's final drive", () => {
  const bike = (id: number, fields: Partial<Car>) => makeCar({ id, slug: `bike-${id}`, item_type: 'motorcycle', make: 'Harley-Davidson', ...fields });
  const vocabularyOf = (cars: Car[]) => {
    const engine = createSearchEngine(toSearchDocuments(cars, { slug: 'demo', dealerships: [] }));
    return compileVocabulary({ facets: engine.search('cars', { hitsPerPage: 0, facets: [...VOCABULARY_FACETS] }).facets });
  };
  const bikes = vocabularyOf([
    bike(1, { drive: 'Belt' }),
    bike(2, { drive: 'Chain' }),
    bike(3, { drive: 'Shaft' }),
    makeCar({ id: 4, slug: 'car-4', drive: 'AWD' }),
  ]);
  const readBikes = (sentence: string) => filters(readSentence(sentence, bikes, { year: YEAR }));

  it("reads 'belt drive', 'chain drive', 'shaft drive' into the final drive the stock has, and leaves drive to drive types", () => {
    expect(readBikes('belt drive')).toEqual({ refinementList: { final_drive: ['Belt'] }, range: {}, query: '' });
    expect(readBikes('chain drive')).toEqual({ refinementList: { final_drive: ['Chain'] }, range: {}, query: '' });
    expect(readBikes('shaft driven')).toEqual({ refinementList: { final_drive: ['Shaft'] }, range: {}, query: '' });
    expect(readBikes('awd').refinementList).toEqual({ drive: ['AWD'] });
  });

  it("reads a feed's own final-drive text by its word, and nothing on stock without final drives", () => {
    expect(readSentence('chain drive', vocabularyOf([bike(1, { final_drive: 'Chain (O-ring)' })]), { year: YEAR }).refinementList).toEqual({
      final_drive: ['Chain (O-ring)'],
    });
    expect(filters(read('belt drive'))).toEqual({ refinementList: {}, range: {}, query: 'belt drive' });
  });
});

describe('filters of a reading', () => {
  it('gives the facet and numeric filters both engines take', () => {
    expect(readingFilters(read('petrol or diesel ute between 20 and 30k 2018 or newer'))).toEqual({
      facetFilters: [['fuel:Petrol', 'fuel:Diesel'], ['body:Ute']],
      numericFilters: ['price>=20000', 'price<=30000', 'year>=2018'],
    });
  });
});

describe('helpers', () => {
  it('phraseKey keeps letters and digits only', () => {
    expect(phraseKey('CX-5')).toBe('cx5');
    expect(phraseKey('Mercedes-Benz')).toBe('mercedesbenz');
    expect(phraseKey('Citroën C4')).toBe('citroenc4');
  });
});
