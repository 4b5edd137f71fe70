/**
 * The kernel's refusal of a NUL character (U+0000) in a request's path parameters, query or
 * JSON body (docs/lead-api.md "Tenants, isolation and abuse"): PostgreSQL text cannot hold one
 * and refuses any query bound to it, and no form or id of the API has one. A raw body kept as
 * bytes (the payments webhook, verified over its exact bytes) is not read.
 */
import type { FastifyRequest } from 'fastify';

/** Where in a request a value came from, as the message names it. */
const PLACES = [
  ['params', 'path parameter'],
  ['query', 'query parameter'],
  ['body', 'field'],
] as const;

/** The field of a refused request and the message for it. */
export interface NulField {
  field: string;
  message: string;
}

const NUL = '\u0000';
/** A path as the answer names it: dot-separated (as field messages are), a NUL in a key written out. */
const shown = (path: readonly (string | number)[]) => path.join('.').replaceAll(NUL, '\\u0000');

/** The children of a JSON value (array items, object entries; none for a string, number or raw bytes) with their keys. */
function children(value: unknown): [string | number, unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) return Object.entries(value);
  return [];
}

/** A value met on the walk: its key and its parent's step (the path is built only for a hit). */
interface Step {
  value: unknown;
  key?: string | number;
  parent?: Step;
}

function pathOf(step: Step): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Step | undefined = step; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}

/** The path of the first string or key holding a NUL in `value` (walked without recursion: a body may nest deeply), or undefined. */
export function nulPath(value: unknown): (string | number)[] | undefined {
  const pending: Step[] = [{ value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    if (typeof step.value === 'string' && step.value.includes(NUL)) return pathOf(step);
    const items = children(step.value);
    const named = items.find(([key]) => typeof key === 'string' && key.includes(NUL));
    if (named) return pathOf({ value: named[1], key: named[0], parent: step });
    // Pushed last first, so the walk reads the fields in their order.
    for (const [key, item] of items.reverse()) pending.push({ value: item, key, parent: step });
  }
  return undefined;
}

/** The first path parameter, query parameter or body field of `request` holding a NUL, with its message; undefined when none does. */
export function nulField(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): NulField | undefined {
  for (const [place, named] of PLACES) {
    const path = nulPath(request[place]);
    if (!path) continue;
    const field = shown(path);
    return { field, message: `The ${named} ${field} contains a NUL character.` };
  }
  return undefined;
}
