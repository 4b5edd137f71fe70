/**
 * The lead API as the browser forms call it (same origin under `site.api_base`, default
 * '/api'). Every call returns a result object instead of throwing, so a form can show the
 * API's message, or the spec's failure text, and keep what was typed.
 */

import { gateType, signInFromHere } from '../../lib/forms/gating.ts';
import { keepFormsForSignIn } from '../../stores/kept-forms.ts';
import { ANSWER_WAIT_MS, UPLOAD_WAIT_MS, withinWait } from '../ui/bounded-wait.ts';
import { signOutIfRejected } from '../../stores/session.ts';
import { followSignOutElsewhere } from './shopper-traces.ts';

// Every island calling the API reads what the tab keeps of its shopper: a Sign out in another tab drops it first.
followSignOutElsewhere();

/** Outcome of one API call; `keyTaken`: a 409 with `key_taken: true`, the call's Idempotency-Key names another shopper's record (a new key is a new first post). */
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; message: string | undefined; fieldErrors: Record<string, string>; keyTaken?: true };

/**
 * A gated family's call answered 401 with `sign_in: true` (src/server/kernel/gated-actions.ts: the
 * site gates this page and the API has no session): the local session ends and the shopper goes
 * to sign-in as the page gate (GateGuard) sends them, back to this page afterwards. What the page's
 * forms hold is kept first (src/stores/kept-forms.ts), for each form to put back on the way back.
 */
export function sendToSignIn(): void {
  keepFormsForSignIn();
  signOutIfRejected(401);
  const here = window.location;
  here.assign(signInFromHere(gateType(here.pathname), here, window.document.referrer));
}

/** Join the API base and a path: ('/api', '/leads') -> '/api/leads'. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function messageOf(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  for (const key of ['message', 'error']) if (typeof record[key] === 'string' && record[key] !== '') return record[key] as string;
  return undefined;
}

function fieldErrorsOf(data: unknown): Record<string, string> {
  if (!data || typeof data !== 'object') return {};
  const fields = (data as Record<string, unknown>).fields ?? (data as Record<string, unknown>).errors;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return {};
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
}

/**
 * The words a form shows for a failed call: the API's own message for a 4xx (validation, a
 * rate limit), else `fallback`, the spec §8 failure text: a 5xx's or a network failure's
 * message is the server's, not the shopper's.
 */
export function failureMessage(result: { status: number; message: string | undefined }, fallback: string): string {
  return result.status >= 400 && result.status < 500 && result.message ? result.message : fallback;
}

/** Retries of a request the API answered 503 with a short Retry-After (its database restarting or failing over). */
export const UNAVAILABLE_RETRIES = 2;
/** The longest Retry-After (seconds) a form waits out before showing the failure. */
export const UNAVAILABLE_MAX_WAIT_SECONDS = 10;

/**
 * Send a JSON (or multipart) request; network failures come back as status 0. A request that
 * is safe to repeat (a GET, or a submission with its Idempotency-Key, which the API stores at
 * most once) and is answered 503 with a Retry-After of at most UNAVAILABLE_MAX_WAIT_SECONDS is
 * sent again after that wait, up to UNAVAILABLE_RETRIES times: a shopper's enquiry sent while
 * the database restarts goes through a few seconds late instead of failing. Each attempt has the
 * bounded wait (ANSWER_WAIT_MS, an upload UPLOAD_WAIT_MS): no answer within it is a failure (status 0).
 */
export async function callApi<T>(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; idempotencyKey?: string; signal?: AbortSignal; wait?: (ms: number) => Promise<void> } = {},
): Promise<ApiResult<T>> {
  const repeatable = options.idempotencyKey !== undefined || (options.method ?? (options.body === undefined ? 'GET' : 'POST')) === 'GET';
  const wait = options.wait ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  for (let attempt = 0; ; attempt += 1) {
    const { result, retryAfter, signIn } = await callOnce<T>(base, path, options);
    if (signIn) sendToSignIn();
    const waitable = result.status === 503 && retryAfter !== undefined && retryAfter <= UNAVAILABLE_MAX_WAIT_SECONDS;
    if (result.ok || !waitable || !repeatable || attempt >= UNAVAILABLE_RETRIES || options.signal?.aborted) return result;
    await wait(retryAfter * 1000);
  }
}

async function callOnce<T>(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; idempotencyKey?: string; signal?: AbortSignal },
): Promise<{ result: ApiResult<T>; retryAfter?: number; signIn?: boolean }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    const method = options.method ?? (body ? 'POST' : 'GET');
    const waitMs = body instanceof FormData ? UPLOAD_WAIT_MS : ANSWER_WAIT_MS;
    const { response, data } = await withinWait(
      async (signal) => {
        const answer = await fetch(apiUrl(base, path), { method, headers, body, credentials: 'include', signal });
        return { response: answer, data: (await answer.json().catch(() => null)) as unknown };
      },
      { signal: options.signal, waitMs },
    );
    if (response.ok) return { result: { ok: true, status: response.status, data: data as T } };
    const retryAfter = /^\d+$/.test(response.headers.get('retry-after') ?? '') ? Number(response.headers.get('retry-after')) : undefined;
    const signIn = response.status === 401 && (data as { sign_in?: unknown } | null)?.sign_in === true;
    const keyTaken = response.status === 409 && (data as { key_taken?: unknown } | null)?.key_taken === true;
    const failed = { ok: false as const, status: response.status, message: messageOf(data), fieldErrors: fieldErrorsOf(data) };
    return { result: keyTaken ? { ...failed, keyTaken } : failed, retryAfter, signIn };
  } catch (error) {
    console.warn('API call failed', path, error);
    return { result: { ok: false, status: 0, message: undefined, fieldErrors: {} } };
  }
}

/** POST /leads: returns the lead_id. */
export function postLead(base: string, body: Record<string, unknown>, idempotencyKey?: string) {
  return callApi<{ lead_id?: string }>(base, '/leads', { body, idempotencyKey });
}
