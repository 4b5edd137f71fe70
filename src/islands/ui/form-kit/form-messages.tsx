/**
 * The form's messages (spec §5, §8): the 'Please fix the following errors:' summary, each
 * message linking to its field, and the form-level failure in a destructive alert
 * (role=alert, data-testid error-warning).
 */
import { ERROR_SUMMARY_HEADING, orderedErrors } from '../../../lib/forms/form-validation.ts';
import type { FormKit } from './use-form-kit.ts';

/** 'Please fix the following errors:' and the list of messages, each linking to its field. */
export function ErrorSummary({ kit, fieldOrder }: { kit: FormKit; fieldOrder?: readonly string[] }) {
  const entries = orderedErrors(kit.errors, fieldOrder ?? Object.keys(kit.values));
  if (entries.length === 0) return null;
  return (
    <div className="form-errors" role="alert" aria-labelledby={`${kit.formId}-errors-title`} data-testid="form-errors">
      <p id={`${kit.formId}-errors-title`} className="form-errors__title">
        {ERROR_SUMMARY_HEADING}
      </p>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${kit.fieldId(name)}`}>
              {kit.labels.current[name] ? `${kit.labels.current[name].label}: ` : ''}
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form-level failure in a destructive alert (spec §5, §8); focusable, for the kit to move focus to. */
export function FormAlert({ kit }: { kit: FormKit }) {
  if (!kit.formError) return null;
  return (
    <div id={kit.alertId} className="alert alert--destructive" role="alert" data-testid="error-warning" tabIndex={-1}>
      {kit.formError}
    </div>
  );
}
