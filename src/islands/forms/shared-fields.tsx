/**
 * Field groups shared by the lead forms: the contact fields (prefilled from what the
 * shopper typed before), the opt-in, and the terms checkbox or consent notice.
 */
import { CONTACT_METHODS, NAME_MAX } from '../../schemas/forms/fields.ts';
import { consentText, UNSUBSCRIBE_TEXT, type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { COLLECTION_NOTICE_END, collectionNotice, optInDescription, type CollectionPurpose } from '../../lib/forms/privacy.ts';
import { useEffect } from 'react';
import { prefilled } from '../../stores/prefill.ts';
import { CheckboxField, RadioGroupField, TextField, type FormKit } from '../ui/form-kit/index.ts';
import { notePageVisit } from './lead-traces.ts';
import { NewTabLink, NewTabNote, newTabNoteId } from '../ui/NewTabLink.tsx';

/** Initial contact values of a form that shows no opt-in box, so its posts claim no consent (contactEntriesWithoutOptIn). */
export const CONTACT_DEFAULTS_WITHOUT_OPT_IN = { name: '', last_name: '', email: '', phone: '', postcode: '', PreferredContactMethod: '' };

/** Initial values of the contact fields. */
export const CONTACT_DEFAULTS = { ...CONTACT_DEFAULTS_WITHOUT_OPT_IN, opt_in: true };

/** Initial contact values for a site: the opt-in starts as the site chose (privacy). */
export function contactDefaults(config: Pick<FormSiteConfig, 'optInDefault'>) {
  return { ...CONTACT_DEFAULTS, opt_in: config.optInDefault !== false };
}

/**
 * Once the form has hydrated (so the server HTML and the first render agree): fill the contact
 * fields the shopper left blank with what they typed before, and note this page in the visit's list.
 */
export function usePrefilledContact(kit: FormKit) {
  useEffect(() => {
    kit.fillBlanks(prefilled({ name: '', last_name: '', email: '', phone: '', postcode: '' }));
    notePageVisit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration: what the shopper typed or remembered is applied a single time, never over later input
  }, []);
}

/** APP 5 collection notice: who collects, why, who else sees it, and the Privacy Policy. */
export function CollectionNotice({ brand, privacyHref, purpose }: { brand: string; privacyHref: string; purpose: CollectionPurpose }) {
  return (
    <p className="form__consent form__notice" data-testid="collection-notice">
      {collectionNotice(brand, purpose)} <a href={privacyHref}>Privacy Policy</a> {COLLECTION_NOTICE_END}
    </p>
  );
}

/** Field order of the contact group (for the error summary). */
export const CONTACT_ORDER = ['name', 'last_name', 'email', 'phone', 'postcode', 'PreferredContactMethod'];

/** One contact input: its field name and label, and the kind of value it takes. */
export interface ContactInput {
  name: string;
  label: string;
  kind: keyof typeof CONTACT_KINDS;
}

/** Each kind of contact value's input: whether it is required, what the browser may fill in, its longest value. */
const CONTACT_KINDS = {
  givenName: { required: true, autoComplete: 'given-name', maxLength: NAME_MAX },
  familyName: { autoComplete: 'family-name', maxLength: NAME_MAX },
  email: { type: 'email', required: true, autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  tel: { type: 'tel', required: true, autoComplete: 'tel', inputMode: 'tel', maxLength: 24 },
} as const;

/** The lead forms' contact rows: first and last name, then email and phone. */
const LEAD_CONTACT_ROWS: ContactInput[][] = [
  [{ name: 'name', label: 'First Name', kind: 'givenName' }, { name: 'last_name', label: 'Last Name', kind: 'familyName' }],
  [{ name: 'email', label: 'Email', kind: 'email' }, { name: 'phone', label: 'Phone', kind: 'tel' }],
];

/** The trade-in form's contact rows (spec §3 trade-in): its own field names and labels, the mobile number before the email address. */
export const TRADE_IN_CONTACT_ROWS: ContactInput[][] = [
  [{ name: 'First Name', label: 'First Name', kind: 'givenName' }, { name: 'last_name', label: 'Last Name', kind: 'familyName' }],
  [{ name: 'Mobile Number', label: 'Mobile Number', kind: 'tel' }, { name: 'Email Address', label: 'Email Address', kind: 'email' }],
];

/** Contact inputs, a form row for each group. */
export function ContactRows({ kit, rows }: { kit: FormKit; rows: ContactInput[][] }) {
  return (
    <>
      {rows.map((row) => (
        <div key={row[0].name} className="form__row">
          {row.map((input) => (
            <TextField key={input.name} kit={kit} name={input.name} label={input.label} {...CONTACT_KINDS[input.kind]} />
          ))}
        </div>
      ))}
    </>
  );
}

/** Name, last name, email, phone, postcode (and optionally the preferred contact method). */
export function ContactFields({ kit, preferredContact = false }: { kit: FormKit; preferredContact?: boolean }) {
  return (
    <>
      <ContactRows kit={kit} rows={LEAD_CONTACT_ROWS} />
      <TextField kit={kit} name="postcode" label="Postcode" required autoComplete="postal-code" inputMode="numeric" maxLength={4} className="field--short" />
      {preferredContact && <RadioGroupField kit={kit} name="PreferredContactMethod" label="Preferred Contact Method" options={CONTACT_METHODS} />}
    </>
  );
}

/**
 * Collection notice (unless the form shows it elsewhere), opt-in (starting as the site
 * chose, with what it means and how to stop), plus either the terms checkbox (sites that
 * require it) or the consent notice.
 */
export function ConsentFields({ kit, config, optIn = true, purpose = 'enquiry', notice = true }: { kit: FormKit; config: FormSiteConfig; optIn?: boolean; purpose?: CollectionPurpose; notice?: boolean }) {
  // The terms box's links say they open a new tab in their description: its name stays its visible label.
  const terms = newTabNoteId(kit.fieldId('terms_conditions'));
  return (
    <>
      {notice && <CollectionNotice brand={config.brand} privacyHref={config.privacyHref} purpose={purpose} />}
      {optIn && (
        <CheckboxField kit={kit} name="opt_in" label="Keep me up to date with news and offers" hint={optInDescription(config.brand)} />
      )}
      {config.termsRequired ? (
        <>
          <CheckboxField kit={kit} name="terms_conditions" label="Terms of use" required>
            I agree to the{' '}
            <NewTabLink href={config.termsHref} note={terms}>
              terms of use
            </NewTabLink>{' '}
            and the{' '}
            <NewTabLink href={config.privacyHref} note={terms}>
              Privacy Policy
            </NewTabLink>
            .
          </CheckboxField>
          <NewTabNote id={terms} />
        </>
      ) : (
        <p className="form__consent">
          {consentText(config.brand).replace(/Privacy Policy\.$/, '')}
          <a href={config.privacyHref}>Privacy Policy</a>. {UNSUBSCRIBE_TEXT}
        </p>
      )}
    </>
  );
}
