/**
 * The readable form of a pino JSON line (issue 12 item 6): local time, level, the message
 * or event, then the other fields as key=value, on one line. Used on a terminal instead of
 * JSON (src/config/log.ts chooses); the JSON carries the same fields.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields shown in the line's head, or left out (the process's own). */
const HEAD = new Set(['level', 'time', 'msg', 'event', 'pid', 'hostname']);

/** A field value: plain when it reads unambiguously, else JSON (quoted strings, objects). */
function value(field: unknown): string {
  if (typeof field === 'string') return /^[^\s"=]+$/.test(field) ? field : JSON.stringify(field);
  return JSON.stringify(field) ?? String(field);
}

/** HH:MM:SS in the machine's time zone. */
function clock(time: unknown): string {
  const date = typeof time === 'number' || typeof time === 'string' ? new Date(time) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) return '--:--:--';
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

/** One JSON log line as one readable line (newline included); a line that is not JSON passes unchanged. */
export function prettyLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (!record || typeof record !== 'object' || Array.isArray(record)) return line.endsWith('\n') ? line : `${line}\n`;
  const level = typeof record.level === 'number' ? (LEVELS[record.level] ?? String(record.level)) : String(record.level ?? 'info').toUpperCase();
  const head = [clock(record.time), level.padEnd(5)];
  if (record.event !== undefined) head.push(String(record.event));
  if (record.msg !== undefined) head.push(String(record.msg));
  const fields = Object.entries(record)
    .filter(([key, field]) => !HEAD.has(key) && field !== undefined)
    .map(([key, field]) => `${key}=${value(field)}`);
  return `${[...head, ...fields].join(' ')}\n`;
}
