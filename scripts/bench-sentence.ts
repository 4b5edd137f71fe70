#!/usr/bin/env node
/**
 * Sentence search benchmark (docs/search.md "Sentences"; what it measures: docs/benchmarks.md):
 * on the embedded engine over the first 16,000 cars of ../shared/data/au-vehicle-listings.json
 * (read in place, never copied), the exact-match rate of the project's sentence set and of
 * sentences made from the listings, and p50 / p95 of reading a sentence and of reading and
 * answering it, in wall time and in CPU time.
 *   npm run bench:sentence [-- --data <file>] [--cars 16000] [--generated 2000] [--runs 5] [--write-vocabulary]
 * --write-vocabulary rewrites tests/fixtures/search/au-listings-vocabulary.json (facet values only).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseStock } from '../src/lib/vehicle/stock.ts';
import { DEFAULT_INDEX } from '../src/search/core/config.ts';
import { toSearchDocuments, type SearchDocument } from '../src/search/core/documents.ts';
import { compileVocabulary, phraseKey, readingFilters, readSentence, VOCABULARY_FACETS, type SentenceReading } from '../src/search/core/sentence.ts';
import { COLOUR_WORDS } from '../src/search/core/colour-words.ts';
import { encodeIndex, openEngine } from '../src/search/engine/embedded-index.ts';
import type { EngineSearchParams, SearchEngine } from '../src/search/engine/engine.ts';
import { PAGE_FACETS } from '../src/search/build-time/snapshot.ts';
import { comparable, exact, expectedReading, SET_YEAR, sentenceSet, vocabularyOf, type ExpectedReading } from '../tests/support/sentence-set.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve('../shared/data/au-vehicle-listings.json') },
    cars: { type: 'string', default: '16000' },
    generated: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '5' },
    'write-vocabulary': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
if (!existsSync(values.data)) {
  console.error(`data file not found: ${values.data}`);
  process.exit(2);
}
const SITE = { slug: 'bench', dealerships: [] };
const RUNS = Math.max(1, Number(values.runs));
const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 2)} ms`;
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} % (${part} of ${whole})`;

const raw = JSON.parse(readFileSync(values.data, 'utf8')) as unknown[];
const { cars } = parseStock('bench', raw.slice(0, Number(values.cars)));
const documents = toSearchDocuments(cars, SITE);
const engine: SearchEngine = openEngine(JSON.parse(JSON.stringify(encodeIndex('bench', documents))));
// What the browser does: the first answer, then the idle preparation, step by step.
const facetAnswer = engine.search(DEFAULT_INDEX, { hitsPerPage: 0, facets: [...VOCABULARY_FACETS] });
while (engine.prepare?.()) {
  // each call builds one column, the default order or a slice of the word index
}

if (values['write-vocabulary']) {
  // Values only (no counts, in name order as the reader takes them): the vocabulary an unfiltered facet answer gives.
  const facets = Object.fromEntries(
    VOCABULARY_FACETS.map((facet) => [facet, Object.keys(facetAnswer.facets[facet] ?? {}).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))]),
  );
  const file = resolve('tests/fixtures/search/au-listings-vocabulary.json');
  writeFileSync(
    file,
    `${JSON.stringify({ about: `Facet values (no counts, in name order) of the first ${documents.length} cars of the real listings data set, as the embedded engine answers an unfiltered facet request (at most 250 values a facet). Made by npm run bench:sentence -- --write-vocabulary; no listing is stored here.`, facets }, null, 1)}\n`,
  );
  console.log(`wrote ${file}`);
}

const compiled = (() => {
  const started = performance.now();
  const vocabulary = compileVocabulary({ facets: facetAnswer.facets });
  return { vocabulary, ms: performance.now() - started };
})();
const { vocabulary } = compiled;

/** The batch InstantSearch sends for a reading: results with every page facet, plus one query per refined facet. */
function answer(reading: SentenceReading): number {
  const { facetFilters, numericFilters } = readingFilters(reading);
  const attributes = Object.keys(reading.refinementList);
  const sort =
    reading.sortBy === 'price-asc' ? ':price:asc' : reading.sortBy === 'price-desc' ? ':price:desc' : reading.sortBy === 'latest' ? ':created_at:desc' : '';
  const base: EngineSearchParams = { query: reading.query, numericFilters };
  const main = engine.search(`${DEFAULT_INDEX}${sort}`, { ...base, facets: [...PAGE_FACETS], facetFilters, hitsPerPage: 21, page: 0 });
  for (const [index, attribute] of attributes.entries())
    engine.search(`${DEFAULT_INDEX}${sort}`, {
      ...base,
      facets: [attribute],
      facetFilters: facetFilters.filter((_, other) => other !== index),
      hitsPerPage: 0,
    });
  return main.nbHits;
}

// 1. The project's set, every source (the tenants' vocabularies from their own stock).
const set = sentenceSet();
let setExact = 0;
const misses: string[] = [];
for (const item of set) {
  const source = vocabularyOf(item.source);
  const reading = readSentence(item.sentence, compileVocabulary(source), { year: SET_YEAR });
  if (exact(reading, expectedReading(item, source))) setExact += 1;
  else
    misses.push(
      `  ${item.source}: "${item.sentence}"\n    got      ${JSON.stringify(comparable(reading))}\n    expected ${JSON.stringify(comparable(expectedReading(item, source)))}`,
    );
}

// 2. Sentences made from the listings, with the filters they should give.
const year = SET_YEAR;
let seed = 20261201;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const facetValues = (facet: string) => Object.keys(facetAnswer.facets[facet] ?? {});
const modelsByKey = new Map<string, string[]>();
for (const model of facetValues('model')) modelsByKey.set(phraseKey(model), [...(modelsByKey.get(phraseKey(model)) ?? []), model]);
const makesOfModel = new Map<string, Set<string>>();
for (const pair of facetValues('make_model')) {
  const [make, model] = pair.split(' > ');
  if (!makesOfModel.has(model!.toLowerCase())) makesOfModel.set(model!.toLowerCase(), new Set());
  makesOfModel.get(model!.toLowerCase())!.add(make!);
}
const words = new Set(['ute', 'coupe', 'convertible', 'wagon', 'sedan', 'van', 'other', 'hybrid', 'sport']);
/** A one-letter slip: a letter dropped, doubled or two swapped (never the first). */
function misspell(word: string): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}
const colourWord = (colour: string) => Object.keys(COLOUR_WORDS).find((word) => colour.toLowerCase().split(/\W+/).includes(word));
const colourValues = (word: string) =>
  facetValues('colour').filter((value) =>
    value
      .toLowerCase()
      .split(/[^a-z]+/)
      .includes(COLOUR_WORDS[word]!),
  );
const FUEL = { Diesel: 'diesel', Petrol: 'petrol', Hybrid: 'hybrid', Electric: 'electric' } as Record<string, string>;
const BODY = { SUV: 'suv', Ute: 'ute', Hatchback: 'hatch', Sedan: 'sedan', Wagon: 'wagon', Coupe: 'coupe', Convertible: 'convertible' } as Record<
  string,
  string
>;
const DRIVE = { '4WD': '4x4', AWD: 'awd', FWD: 'fwd', RWD: 'rwd' } as Record<string, string>;
const TRANSMISSION = { Automatic: 'auto', Manual: 'manual' } as Record<string, string>;

function generated(document: SearchDocument): { sentence: string; expected: ExpectedReading } | null {
  const { make, model } = document;
  if (
    !make ||
    !model ||
    !facetValues('make').includes(make) ||
    !modelsByKey.has(phraseKey(model)) ||
    words.has(model.toLowerCase()) ||
    /^\d+$/.test(phraseKey(model))
  )
    return null;
  const models = modelsByKey.get(phraseKey(model))!;
  const refinementList: Record<string, string[]> = { make: [make], model: models };
  const range: ExpectedReading['range'] = {};
  const said: string[] = [];
  const misspelt = random() < 0.15 && /^[a-z]{5,}$/i.test(make);
  said.push(misspelt ? misspell(make.toLowerCase()) : make.toLowerCase(), model.toLowerCase());
  const extras = [
    () => document.price && ((range.price = { max: Math.ceil(document.price / 1000) * 1000 + 5000 }), said.push(`under ${range.price.max! / 1000}k`)),
    () => document.year && document.year >= 1990 && ((range.year = { min: document.year }), said.push(`${document.year} or newer`)),
    () => {
      const word = document.colour && colourWord(document.colour);
      if (word && colourValues(word).length > 0) {
        refinementList.colour = colourValues(word);
        said.unshift(word);
      }
    },
    () => document.fuel && FUEL[document.fuel] && ((refinementList.fuel = [document.fuel]), said.unshift(FUEL[document.fuel]!)),
    () => document.body && BODY[document.body] && ((refinementList.body = [document.body]), said.push(BODY[document.body]!)),
    () => document.drive && DRIVE[document.drive] && ((refinementList.drive = [document.drive]), said.push(DRIVE[document.drive]!)),
    () =>
      document.transmission &&
      TRANSMISSION[document.transmission] &&
      ((refinementList.transmission = [document.transmission]), said.push(TRANSMISSION[document.transmission]!)),
    () => document.km !== undefined && document.km < 50_000 && ((range.km = { max: 50_000 }), said.push('low ks')),
    () => document.seats && document.seats >= 7 && ((refinementList.seats = [String(document.seats)]), said.push(`${document.seats} seater`)),
    () => document.state && ((refinementList.state = [document.state]), said.push(`in ${document.state.toLowerCase()}`)),
    () => document.car_type !== 'used' && ((refinementList.car_type = [document.car_type]), said.unshift(document.car_type)),
  ];
  const chosen = new Set<number>();
  for (let extra = 0; extra < 1 + Math.floor(random() * 3); extra += 1) chosen.add(Math.floor(random() * extras.length));
  for (const extra of chosen) extras[extra]!();
  return { sentence: said.join(' '), expected: { refinementList, range, query: '' } };
}
const cases: { sentence: string; expected: ExpectedReading }[] = [];
for (let tries = 0; cases.length < Number(values.generated) && tries < 20 * Number(values.generated); tries += 1) {
  const made = generated(pick(documents));
  if (made) cases.push(made);
}
let generatedExact = 0;
const generatedMisses: string[] = [];
for (const item of cases) {
  const reading = readSentence(item.sentence, vocabulary, { year });
  if (exact(reading, item.expected)) generatedExact += 1;
  else if (generatedMisses.length < 15)
    generatedMisses.push(
      `  "${item.sentence}"\n    got      ${JSON.stringify(comparable(reading))}\n    expected ${JSON.stringify(comparable(item.expected))}`,
    );
}

// 3. Timing: every sentence of the au-listings group and the generated ones, read and answered.
const timed = [...set.filter((item) => item.source === 'au-listings').map((item) => item.sentence), ...cases.map((item) => item.sentence)];
const firstStarted = performance.now();
answer(readSentence(timed[0]!, vocabulary, { year }));
const first = performance.now() - firstStarted;
// Wall time, and the process's CPU time (user + system): on a shared machine the scheduler
// stretches wall time by however many others run, while CPU time counts the work itself.
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const readTimes: number[] = [];
const totalTimes: number[] = [];
const readCpu: number[] = [];
const totalCpu: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  for (const sentence of timed) {
    const cpuStarted = cpu();
    const started = performance.now();
    const reading = readSentence(sentence, vocabulary, { year });
    const read = performance.now();
    const cpuRead = cpu();
    answer(reading);
    const done = performance.now();
    const cpuDone = cpu();
    readTimes.push(read - started);
    totalTimes.push(done - started);
    readCpu.push(cpuRead - cpuStarted);
    totalCpu.push(cpuDone - cpuStarted);
  }
}

console.log(
  `# Sentence search benchmark (${new Date().toISOString()}; load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')})\n`,
);
console.log(
  `Embedded engine over ${documents.length} cars of the real listings (Node ${process.versions.node}); vocabulary compiled in ${ms(compiled.ms)} from one unfiltered facet answer.\n`,
);
console.log('| measure | figure |');
console.log('|---|---|');
console.log(`| exact match, the project's sentence set (${new Set(set.map((item) => item.source)).size} sources) | ${percent(setExact, set.length)} |`);
console.log(`| exact match, sentences made from the listings | ${percent(generatedExact, cases.length)} |`);
console.log(`| read a sentence, p50 / p95 (${readTimes.length} reads), wall | ${ms(percentile(readTimes, 50))} / ${ms(percentile(readTimes, 95))} |`);
console.log(`| read and answer it, p50 / p95, wall | ${ms(percentile(totalTimes, 50))} / ${ms(percentile(totalTimes, 95))} |`);
console.log(`| read a sentence, p50 / p95, CPU | ${ms(percentile(readCpu, 50))} / ${ms(percentile(readCpu, 95))} |`);
console.log(`| read and answer it, p50 / p95, CPU | ${ms(percentile(totalCpu, 50))} / ${ms(percentile(totalCpu, 95))} |`);
console.log(`| first sentence after the index opened (read and answer) | ${ms(first)} |`);
if (values.verbose || misses.length > 0) console.log(`\nSet sentences not read exactly:\n${misses.join('\n')}`);
if (values.verbose) console.log(`\nGenerated sentences not read exactly (first 15):\n${generatedMisses.join('\n')}`);
