/**
 * Request Photos (spec §5): contact fields, an optional message (a blank one is sent as the
 * hidden default text 'Please send photos for this car') and the terms checkbox on sites
 * that require it.
 */
import { useMemo, type FormEvent } from 'react';
import type { FormSiteConfig } from '../../lib/forms/form-config.ts';
import { checkForm, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { leadAnalyticsEvent, type LeadCar } from '../../lib/forms/lead-payload.ts';
import { requestPhotosFormSchema } from '../../schemas/forms/request-photos.ts';
import { ErrorSummary, FormAlert, SubmitButton, TextAreaField, useFormKit } from '../ui/form-kit/index.ts';
import { completeLead, sendLead } from './lead-submit.ts';
import { CONTACT_ORDER, ConsentFields, ContactFields, contactDefaults, usePrefilledContact } from './shared-fields.tsx';

export interface RequestPhotosFormProps {
  config: FormSiteConfig;
  car: LeadCar;
  formId?: string;
  heading?: string;
}

export default function RequestPhotosForm(props: RequestPhotosFormProps) {
  const { config, car } = props;
  const formId = props.formId ?? 'request-photos';
  const kit = useFormKit(formId, () => ({ ...contactDefaults(config), message: '', terms_conditions: false }));
  usePrefilledContact(kit);
  const schema = useMemo(() => requestPhotosFormSchema({ termsRequired: config.termsRequired }), [config.termsRequired]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    const check = checkForm(schema, withoutBlanks(kit.values, ['PreferredContactMethod']));
    if (!check.ok) {
      kit.fail(check.errors);
      return;
    }
    kit.clearErrors();
    kit.setSubmitting(true);
    const result = await sendLead({ apiBase: config.apiBase, idempotencyKey: kit.requestKey, values: { ...check.output }, category: 'Request Photos', car, formCompleted: true });
    if (!result.ok) {
      kit.setSubmitting(false);
      kit.reject(result);
      return;
    }
    completeLead({ leadId: result.leadId, category: 'Request Photos', event: leadAnalyticsEvent('enquiry', car), car, values: kit.values, labels: kit.labels.current });
  };

  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby={props.heading ? `${formId}-heading` : undefined}>
      {props.heading && <h2 id={`${formId}-heading`}>{props.heading}</h2>}
      <ErrorSummary kit={kit} fieldOrder={[...CONTACT_ORDER, 'message', 'terms_conditions']} />
      <ContactFields kit={kit} />
      <TextAreaField kit={kit} name="message" label="Comments" maxLength={5000} placeholder="Please send photos for this car" />
      <ConsentFields kit={kit} config={config} purpose="photos" />
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label="Request Photos" />
      </div>
    </form>
  );
}
