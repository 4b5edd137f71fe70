/**
 * The islands' bounded wait for an answer (a setting in this one place): callApi
 * (src/islands/forms/api.ts), the delivery calculator, the site files the forms read (car
 * choices), the shortlist file, the price gauge and the stand-in payment client give up a call
 * that has not answered in time, and the island shows the spec's failure for that call, as for
 * a network failure.
 */
import { within } from '../../lib/async/within.ts';

/**
 * The longest an island waits for one answer (the lead API's, the delivery estimate's, the site's
 * car choices and shortlist files, the price comparison, the stand-in payment service's), its body
 * included. After it the call is given up as failed, as a network failure is (callApi's status
 * 0), and the island shows the spec's failure for that call: 'An unexpected error occured' for a
 * lead, the free date-time box for test-drive availability, the apology for a delivery estimate,
 * the car list's Try again, the saved list's note that it shows what the device saved, the price
 * comparison hidden. A photo upload (a multipart body, up
 * to 10 MB on a phone's connection) has UPLOAD_WAIT_MS instead. callApi's 503 retries wait this
 * long for each attempt.
 */
export const ANSWER_WAIT_MS = 20_000;
/** The bounded wait for a multipart upload (an instant offer's photo). */
export const UPLOAD_WAIT_MS = 120_000;

/** Why a call was given up: no answer within its bounded wait. */
export class AnswerTimeout extends Error {
  constructor(waitMs: number) {
    super(`no answer within ${waitMs} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Run `work` (a fetch and the read of its body) within the bounded wait: after `waitMs` its signal
 * is aborted and the promise rejects with AnswerTimeout, whether or not the fetch heeds the abort.
 * `signal` (the caller's) aborts the work too.
 */
export function withinWait<T>(work: (signal: AbortSignal) => Promise<T>, options: { signal?: AbortSignal; waitMs?: number } = {}): Promise<T> {
  const waitMs = options.waitMs ?? ANSWER_WAIT_MS;
  return within(waitMs, () => new AnswerTimeout(waitMs), work, options.signal);
}
