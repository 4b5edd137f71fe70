/**
 * The one reader of the process environment (docs/architecture.md
 * "Configuration and logs"). Every other module of src/ and scripts/ receives settings: the
 * typed, validated settings of its area (src/config/<area>.ts), or, where a variable's name
 * is built from a tenant slug (FEED_SECRET_<SLUG>, STRIPE_SECRET_KEY_<SLUG>, a webhook
 * secret a site.json names), the environment map handed to it as an option.
 *
 * Values are read when asked for, never cached: a script or test that sets a variable
 * before calling a module sees it used.
 */
import { isIP } from 'node:net';
import * as v from 'valibot';
import { issueMessage } from '../schemas/issues.ts';

/** A read-only view of environment variables (process.env, or a map a caller or test hands in). */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The process environment. Modules take it as a default parameter; entry points pass it on. */
export function environment(): Environment {
  return process.env;
}

/**
 * Set (or, with undefined, remove) a variable of this process, for entry points that point
 * the modules they load at scratch folders (benchmarks) or at the next bundle file (the warm
 * renderer), and for Astro / React, which read NODE_ENV themselves.
 */
export function setEnvironment(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** The environment of a child process an entry point starts: this process's, plus `extra`. */
export function childEnvironment(extra: Environment = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Thrown when the environment is invalid; the message names each bad variable. */
export class ConfigError extends Error {}

/** Whole number in [min, max], `fallback` when unset. */
export const integer = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'expected a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max)),
    String(fallback),
  );

/** Whole number in [min, max], undefined when unset. */
export const optionalInteger = (min: number, max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'expected a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max)));

/** true / false (1/0, yes/no, on/off), `fallback` when unset. */
export const flag = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], 'expected true or false'),
      v.transform((text) => ['1', 'true', 'yes', 'on'].includes(text)),
    ),
    fallback ? 'true' : 'false',
  );

/** The variables of `env` that `schema` names, unset ones and empty strings left out. */
function present(env: Environment, names: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') found[name] = value;
  }
  return found;
}

/**
 * One line per bad variable, `NAME: problem`, in the words of every config file's problems
 * (issueMessage), never repeating the value: a variable may hold a secret.
 */
export function variableProblems(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => `${v.getDotPath(issue) ?? '(env)'}: ${issueMessage(issue, { showValue: false })}`);
}

/**
 * Validate the variables of one area. Throws ConfigError
 * "Invalid <area> configuration:\n  NAME: problem" naming every bad variable.
 */
export function parseEnvironment<const TEntries extends v.ObjectEntries>(
  area: string,
  schema: v.ObjectSchema<TEntries, undefined>,
  env: Environment,
): v.InferOutput<v.ObjectSchema<TEntries, undefined>> {
  const result = v.safeParse(schema, present(env, Object.keys(schema.entries)));
  if (!result.success) throw configError(area, variableProblems(result.issues));
  return result.output;
}

/** Where each setting of an area comes from: its variable and that variable's schema. */
export type SettingSources = Readonly<Record<string, readonly [variable: string, schema: v.GenericSchema]>>;

/** The settings `sources` give, each typed by its variable's schema. */
export type SettingsOf<TSources extends SettingSources> = { -readonly [K in keyof TSources]: v.InferOutput<TSources[K][1]> };

/** The variables `sources` read, in order. */
export function settingVariables(sources: SettingSources): string[] {
  return Object.values(sources).map(([variable]) => variable);
}

/**
 * Read one area's settings: each setting is the validated value of its variable
 * (parseEnvironment: unset and empty variables count as unset; a ConfigError names every bad one).
 */
export function readSettings<const TSources extends SettingSources>(area: string, sources: TSources, env: Environment): SettingsOf<TSources> {
  const values: Record<string, unknown> = parseEnvironment(area, v.object(Object.fromEntries(Object.values(sources))), env);
  return Object.fromEntries(Object.entries(sources).map(([setting, [variable]]) => [setting, values[variable]])) as SettingsOf<TSources>;
}

/** A ConfigError listing `problems` (each "NAME: problem") for `area`. */
export function configError(area: string, problems: readonly string[]): ConfigError {
  return new ConfigError(`Invalid ${area} configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
}

/** A command's --now flag: the instant it names (ISO 8601), or `fallback` when absent; a bad value is a ConfigError naming the flag. */
export function nowFlag(value: string | undefined, fallback: number = Date.now()): number {
  if (value === undefined) return fallback;
  const now = Date.parse(value);
  if (Number.isNaN(now)) throw new ConfigError(`--now: "${value}" is not a date (expected ISO 8601, e.g. 2026-11-21T09:00:00+10:00)`);
  return now;
}

/** For entry points: `read()`, or, on a ConfigError, its message on stderr and exit code 2. */
export function settingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** settingsOrExit for a read that resolves later (opening what the settings name). */
export async function settingsOrExitAsync<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** One trusted-proxy entry (TRUST_PROXY, PIPELINE_TRUST_PROXY): an IP address or a CIDR range. */
export function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** A list of proxy addresses or CIDR ranges whose X-Forwarded-For is believed ('none' or unset: an empty list). */
export const proxyList = () =>
  v.pipe(
    v.optional(v.string(), 'none'),
    v.trim(),
    v.check((text) => /^(none|)$/i.test(text) || text.split(',').every((entry) => isProxyAddress(entry.trim())), 'expected none, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8, 192.168.1.7'),
    v.transform((text) => (/^(none|)$/i.test(text) ? [] : text.split(',').map((entry) => entry.trim()))),
  );

