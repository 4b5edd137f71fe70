/**
 * Running a form's valibot schema over what was typed, for the browser forms: the cleaned
 * values when they pass, else one message per field (the first the schema gives) in the
 * order the schema reports them.
 */
import * as v from 'valibot';
import { fieldErrors } from '../../schemas/forms/fields.ts';
import { LEAD_MESSAGES } from '../../schemas/forms/messages.ts';

/** Outcome of validating a form. */
export type FormCheck<T> = { ok: true; output: T; errors: Record<string, never> } | { ok: false; output: undefined; errors: Record<string, string> };

/** Validate `values` with `schema`; returns the output or the field messages. */
export function checkForm<TSchema extends v.GenericSchema>(schema: TSchema, values: Record<string, unknown>): FormCheck<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, output: result.output, errors: {} };
  return { ok: false, output: undefined, errors: fieldErrors(result.issues, schema) };
}

/** The error entries in the order the fields appear on the form (unknown fields last). */
export function orderedErrors(errors: Record<string, string>, fieldOrder: readonly string[]): [string, string][] {
  const rank = (field: string) => {
    const index = fieldOrder.indexOf(field);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b));
}

/**
 * The first of a multi-step form's steps that holds a field with an error, or undefined: when
 * the lead API refuses a field at the last step, the form returns there so the message shows
 * beside the field it is about.
 */
export function stepWithError<S extends string>(
  steps: readonly S[],
  fieldsOf: Readonly<Record<S, readonly string[]>>,
  errors: Record<string, string>,
): S | undefined {
  return steps.find((step) => fieldsOf[step].some((field) => field in errors));
}

/** Spec §5 heading of the error list. */
export const ERROR_SUMMARY_HEADING = LEAD_MESSAGES.fixErrors;
/** Spec §8: a lead form's server failure. */
export const LEAD_FAILURE_MESSAGE = LEAD_MESSAGES.unexpected;
/** Spec §8: a generic form's server failure. */
export const GENERIC_FAILURE_MESSAGE = 'An error occurred when submitting this form';

/** Unanswered optional choices (radio groups, selects) are 'not given', not an invalid ''. */
export function withoutBlanks(values: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out = { ...values };
  for (const key of keys) if (out[key] === '') delete out[key];
  return out;
}
