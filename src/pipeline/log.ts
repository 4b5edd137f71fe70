/**
 * Structured log lines: one JSON object a line on stdout, so an operator can grep it and a
 * log shipper can parse it; a readable line instead when stdout is a terminal (the one pino
 * logger, src/logging/logger.ts). Every line has time, level and event; release events add
 * tenant, release, cars added / changed / removed, seconds and outcome.
 */
import { logFormatFor, type LogFormat } from '../config/log.ts';
import { eventLogger } from '../logging/logger.ts';

/** Fields of one log line. */
export type LogFields = { event: string; tenant?: string; level?: 'info' | 'warn' | 'error' } & Record<string, unknown>;

/** Writes one event. */
export type Logger = (fields: LogFields) => void;

/**
 * A logger that prints lines to stdout (or `write`): JSON, or readable on a terminal
 * (`format`, default from src/config/log.ts). `base` fields are added to every line.
 */
export function createLogger(options: { format?: LogFormat; base?: Record<string, unknown>; write?: (text: string) => void } = {}): Logger {
  const logger = eventLogger({ format: options.format ?? logFormatFor(), base: options.base, write: options.write });
  const own = new Set(Object.keys(options.base ?? {}));
  return (fields) => {
    const { level = 'info', ...rest } = fields;
    // A field the base already writes (the pid) would be written twice.
    for (const key of own) delete rest[key];
    logger[level](roundDurations(rest));
  };
}

/** Seconds to milliseconds (sums of measured laps print as 0.15000000000000002 otherwise). */
const toMs = (value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1000) / 1000 : value);

/** Durations in a line's fields (`seconds`, `...Seconds` and every phase of `timings`, all in seconds) rounded to milliseconds: the one place they are. */
function roundDurations(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'timings' && value && typeof value === 'object' && !Array.isArray(value))
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([phase, seconds]) => [phase, toMs(seconds)]));
    else out[key] = key === 'seconds' || key.endsWith('Seconds') ? toMs(value) : value;
  }
  return out;
}

/** A logger that drops everything (library default). */
export const silentLogger: Logger = () => {};
