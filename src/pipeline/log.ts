/**
 * Structured log lines (issue 8 §5): one JSON object a line on stdout, so an operator can
 * grep it and a log shipper can parse it. Every line has time, level and event; release
 * events add tenant, release, cars added / changed / removed, seconds and outcome.
 */

/** Fields of one log line. */
export type LogFields = { event: string; tenant?: string; level?: 'info' | 'warn' | 'error' } & Record<string, unknown>;

/** Writes one event. */
export type Logger = (fields: LogFields) => void;

/** A logger that prints JSON lines to a stream (stdout by default). */
export function createLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`), base: Record<string, unknown> = {}): Logger {
  return (fields) => {
    const { level = 'info', event, ...rest } = fields;
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...base, ...rest }));
  };
}

/** A logger that drops everything (library default). */
export const silentLogger: Logger = () => {};
