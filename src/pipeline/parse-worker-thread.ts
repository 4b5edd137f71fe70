/**
 * The worker-thread side of parse-worker.ts: runs checkFeed on the file it is handed and
 * posts the check back (or the error's message). Its caller owns the time limit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFeed, type FeedCheckInput } from './feed-check.ts';

try {
  parentPort?.postMessage({ check: checkFeed(workerData as FeedCheckInput) });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
}
