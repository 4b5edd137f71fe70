/**
 * The form kit (spec §5 "form error presentation"): the state hook, one labelled field per
 * control built on FieldShell, the error summary, the form alert and the submit button.
 * Every form island imports it from here, and its styles (forms.css) with it.
 */
export { useFormKit, type FieldLabel, type FormKit, type FormValues, type Refusal } from './use-form-kit.ts';
export { ErrorSummary, FormAlert } from './form-messages.tsx';
export { TextField } from './TextField.tsx';
export { TextAreaField } from './TextAreaField.tsx';
export { SelectField } from './SelectField.tsx';
// Sixth import, where form-kit.tsx had it: Astro orders a page's stylesheets by the import
// positions on the path to each sheet, so this place keeps forms.css after the search sheet.
import './forms.css';
export { CheckboxField } from './CheckboxField.tsx';
export { RadioGroupField } from './RadioGroupField.tsx';
export { AmountField } from './AmountField.tsx';
export { SubmitButton } from './SubmitButton.tsx';
