/**
 * Field groups shared by the lead forms: the contact fields (prefilled from what the
 * shopper typed before), the opt-in, and the terms checkbox or consent notice.
 */
import { CONTACT_METHODS } from '../../schemas/forms.ts';
import { consentText, UNSUBSCRIBE_TEXT, type FormSiteConfig } from '../../lib/forms/form-config.ts';
import { COLLECTION_NOTICE_END, collectionNotice, optInDescription, type CollectionPurpose } from '../../lib/forms/privacy.ts';
import { CheckboxField, RadioGroupField, TextField, type FormKit } from './form-kit.tsx';

/** Initial values of the contact fields. */
export const CONTACT_DEFAULTS = { name: '', last_name: '', email: '', phone: '', postcode: '', opt_in: true, PreferredContactMethod: '' };

/** Initial contact values for a site: the opt-in starts as the site chose (issue 13, privacy). */
export function contactDefaults(config: Pick<FormSiteConfig, 'optInDefault'>) {
  return { ...CONTACT_DEFAULTS, opt_in: config.optInDefault !== false };
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

/** Name, last name, email, phone, postcode (and optionally the preferred contact method). */
export function ContactFields({ kit, preferredContact = false }: { kit: FormKit; preferredContact?: boolean }) {
  return (
    <>
      <div className="form__row">
        <TextField kit={kit} name="name" label="First Name" required autoComplete="given-name" maxLength={100} />
        <TextField kit={kit} name="last_name" label="Last Name" autoComplete="family-name" maxLength={100} />
      </div>
      <div className="form__row">
        <TextField kit={kit} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" maxLength={254} />
        <TextField kit={kit} name="phone" label="Phone" type="tel" required autoComplete="tel" inputMode="tel" maxLength={24} />
      </div>
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
  return (
    <>
      {notice && <CollectionNotice brand={config.brand} privacyHref={config.privacyHref} purpose={purpose} />}
      {optIn && (
        <CheckboxField kit={kit} name="opt_in" label="Keep me up to date with news and offers" hint={optInDescription(config.brand)} />
      )}
      {config.termsRequired ? (
        <CheckboxField kit={kit} name="terms_conditions" label="Terms of use" required>
          I agree to the{' '}
          <a href={config.termsHref} target="_blank" rel="noopener">
            terms of use
          </a>{' '}
          and the{' '}
          <a href={config.privacyHref} target="_blank" rel="noopener">
            Privacy Policy
          </a>
          .
        </CheckboxField>
      ) : (
        <p className="form__consent">
          {consentText(config.brand).replace(/Privacy Policy\.$/, '')}
          <a href={config.privacyHref}>Privacy Policy</a>. {UNSUBSCRIBE_TEXT}
        </p>
      )}
    </>
  );
}
