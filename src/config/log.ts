/**
 * How logs are written: readable lines in a terminal, JSON lines when the
 * output is piped (a log shipper, a test, a file) or in production. LOG_FORMAT=json|pretty
 * overrides the choice. The level is each program's own (the lead API's LOG_LEVEL:
 * src/config/server.ts).
 */
import * as v from 'valibot';
import { environment, parseEnvironment, type Environment } from './env.ts';

/** One JSON object a line, or one readable line an event. */
export type LogFormat = 'json' | 'pretty';

const LogSchema = v.object({
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'], 'expected json or pretty')),
  NODE_ENV: v.optional(v.string()),
});

/** The format for an output: pretty on a terminal outside production, else JSON; `override` wins. */
export function logFormat(output: { isTTY: boolean; production: boolean; override?: LogFormat }): LogFormat {
  if (output.override) return output.override;
  return output.isTTY && !output.production ? 'pretty' : 'json';
}

/** The log format of this process's stdout (LOG_FORMAT, NODE_ENV and whether stdout is a terminal). */
export function logFormatFor(env: Environment = environment(), stdout: { isTTY?: boolean } = process.stdout): LogFormat {
  const e = parseEnvironment('log', LogSchema, env);
  return logFormat({ isTTY: stdout.isTTY === true, production: e.NODE_ENV === 'production', override: e.LOG_FORMAT });
}
