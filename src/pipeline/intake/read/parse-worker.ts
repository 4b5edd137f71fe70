/**
 * Reading a feed file off the pipeline's main thread. One tenant's file is
 * parsed and mapped (feed-check.ts) in a worker thread with a time limit, so a hostile or
 * pathological file cannot stop the webhook, the operator page or the other tenants'
 * intake: the main loop only waits for a message. A parse over the limit is stopped
 * (its worker is terminated) and the file rejected with a reason. At most `parallel`
 * parses run at once; the rest queue. Workers are kept for the next file while idle.
 */
import { Worker } from 'node:worker_threads';
import { thisMachine } from '../../../config/machine.ts';
import { PIPELINE_DEFAULTS } from '../../../config/pipeline.ts';
import type { FeedCheck, FeedCheckInput } from './feed-check.ts';
import { feedKindOfFile } from './feeds.ts';

/** Default time limit of one file's parse (ms): src/config/pipeline.ts PIPELINE_FEED_PARSE_SECONDS. */
export const DEFAULT_PARSE_TIMEOUT_MS = PIPELINE_DEFAULTS.feedParseSeconds * 1000;

const WORKER = new URL('./parse-worker-thread.ts', import.meta.url);
const parallel = Math.max(2, Math.min(4, thisMachine().cores));
let running = 0;
const waiting: (() => void)[] = [];

/** A check that failed before or while reading the file, with the reason to report. */
export function failedCheck(input: Pick<FeedCheckInput, 'tenant' | 'file'>, reason: string): FeedCheck {
  const byName = feedKindOfFile(input.file);
  const kind: FeedCheck['kind'] = byName === 'snapshot' || byName === 'webhook' || !byName ? 'snapshot' : byName;
  return {
    tenant: input.tenant,
    file: input.file,
    kind,
    mappingSource: '-',
    reading: [],
    columns: [],
    constants: {},
    rows: 0,
    skipped: [],
    records: [],
    lines: [],
    result: { ok: false, kind, reason, problems: [] },
  };
}

/** Worker threads waiting for a file (kept between files: starting one costs more than most parses). */
const idle: Worker[] = [];
let nextId = 0;

function startWorker(): Worker {
  const worker = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
  // A worker that ends while idle leaves the pool.
  worker.once('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

function parseOnce(input: FeedCheckInput, timeoutMs: number): Promise<FeedCheck> {
  return new Promise((done) => {
    const id = (nextId += 1);
    let settled = false;
    const worker = idle.pop() ?? startWorker();
    worker.ref();
    const finish = (check: FeedCheck, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reusable) {
        // An idle worker does not keep the process alive.
        worker.unref();
        idle.push(worker);
      } else void worker.terminate();
      done(check);
    };
    const onMessage = (message: { id: number; check?: FeedCheck; error?: string }) => {
      if (message.id === id) finish(message.check ?? failedCheck(input, `the file could not be read: ${message.error ?? 'unknown error'}`), true);
    };
    const onError = (error: Error) => finish(failedCheck(input, `the file could not be read: ${error.message}`), false);
    const onExit = (code: number) => finish(failedCheck(input, `the file could not be read (the reader stopped with code ${code})`), false);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    const timer = setTimeout(
      () => finish(failedCheck(input, `reading the file took longer than ${Math.round(timeoutMs / 1000)} s and was stopped (PIPELINE_FEED_PARSE_SECONDS): a file this slow to read is not a stock export; nothing was changed`), false),
      timeoutMs,
    );
    worker.postMessage({ id, input });
  });
}

/** Read, map and validate one feed file in a worker thread, within `timeoutMs`. */
export async function checkFeedInWorker(input: FeedCheckInput, timeoutMs = DEFAULT_PARSE_TIMEOUT_MS): Promise<FeedCheck> {
  if (running >= parallel) await new Promise<void>((resume) => waiting.push(resume));
  running += 1;
  try {
    return await parseOnce(input, timeoutMs);
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
