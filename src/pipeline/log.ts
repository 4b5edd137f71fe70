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
  return (fields) => {
    const { level = 'info', ...rest } = fields;
    logger[level](rest);
  };
}

/** A logger that drops everything (library default). */
export const silentLogger: Logger = () => {};
