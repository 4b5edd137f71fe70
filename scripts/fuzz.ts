#!/usr/bin/env node
/**
 * The bounded adversarial run: starts the lead API with the static sites (scripts/serve.ts) and
 * the feed webhook (scripts/pipeline.ts) as child processes over a temporary workspace, sends
 * malformed requests to each and hostile files into the feed inbox (tests/support/fuzz-lib.ts)
 * while another tenant's feed must still be published, then checks every process answers.
 *
 *   npm run fuzz -- [--count 10000] [--seed 13] [--concurrency 8] [--time-limit 900]
 *
 * Prints the figures; exits non-zero on a crash, a 5xx, an unanswered request, a process that
 * no longer answers, or a run cut short by the time limit (docs/benchmarks.md).
 */
import { parseArgs } from 'node:util';
import { passed, runFuzz } from '../tests/support/fuzz-lib.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '13' },
    concurrency: { type: 'string', default: '8' },
    'time-limit': { type: 'string', default: '900' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
const timeLimit = Number(values['time-limit']);
if (![count, seed, concurrency, timeLimit].every((value) => Number.isFinite(value) && value > 0)) {
  console.error('usage: npm run fuzz -- [--count 10000] [--seed 13] [--concurrency 8] [--time-limit 900]');
  process.exit(2);
}

const started = Date.now();
const reports = await runFuzz({ count, seed, concurrency, timeLimitMs: timeLimit * 1000, log: (line) => console.log(`… ${line}`) });
let ok = true;
for (const report of reports) {
  const good = passed(report, count);
  ok &&= good;
  const statuses = Object.entries(report.byStatus)
    .sort()
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
  console.log(`${good ? '✓' : '✗'} ${report.target}: ${report.sent}/${report.planned ?? count} ${report.planned ? 'files' : 'requests'} in ${report.seconds} s (${statuses}); 5xx ${report.serverErrors.length}; unanswered ${report.unanswered.length}; crashed ${report.crashed ?? 'no'}; answers afterwards ${report.answersAfterwards ? 'yes' : 'NO'}`);
  for (const error of report.serverErrors.slice(0, 10)) console.log(`    ${error.status} ${error.label}`);
  for (const entry of report.unanswered.slice(0, 10)) console.log(`    no answer: ${entry.label}`);
}
console.log(`seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s in all`);
process.exit(ok ? 0 : 1);
