/**
 * The worker-thread side of parse-worker.ts: for each file it is handed ({ id, input }),
 * runs checkFeed and posts the check back ({ id, check }, or the error's message). Its
 * caller owns the time limit and ends the thread when a file takes too long.
 */
import { parentPort } from 'node:worker_threads';
import { checkFeed, type FeedCheckInput } from './feed-check.ts';

parentPort?.on('message', ({ id, input }: { id: number; input: FeedCheckInput }) => {
  try {
    parentPort?.postMessage({ id, check: checkFeed(input) });
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});
