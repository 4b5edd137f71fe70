/**
 * The one logger (issue 12 item 6): pino, which Fastify already uses, for the lead API, the
 * pipeline and the operator scripts. The format (src/config/log.ts) decides the output: JSON
 * lines as pino writes them, or each line made readable (pretty.ts) on a terminal.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogFormat } from '../config/log.ts';
import { prettyLine } from './pretty.ts';

export type { LogFormat };

/** Where a logger writes: `write` (default stdout), each line as JSON or made readable. */
export function logDestination(format: LogFormat, write: (text: string) => void = (text) => void process.stdout.write(text)): DestinationStream {
  return { write: (line: string) => write(format === 'pretty' ? prettyLine(line) : line) };
}

/**
 * A logger of events (the pipeline, rollback): every line has level (as a word), time (ISO
 * 8601) and the fields given; `base` fields (e.g. the pid) follow time on every line.
 */
export function eventLogger(options: { format: LogFormat; base?: Record<string, unknown>; write?: (text: string) => void }): Logger {
  return pino(
    {
      level: 'info',
      base: options.base ?? null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    logDestination(options.format, options.write),
  );
}
