/**
 * The default Privacy Policy of a site without its own content/privacy-policy.md: one section
 * per item Australian Privacy Principle 1.4 asks a policy to cover, worded for what the
 * platform does with a shopper's details and for the dealer's contact details in site.json
 * (docs/security.md "Default Privacy Policy").
 */
import type { Site } from '../../schemas/site.ts';
import { formatPhone } from '../../lib/text/format.ts';

/** The site's settings the policy names. */
export type PrivacyPolicySite = Pick<Site, 'name' | 'phone' | 'email' | 'address' | 'payments'>;

/** How a shopper reaches the dealer: "calling ..., e-mailing ... or writing to us at ...". */
function contactWays(site: PrivacyPolicySite): string {
  const ways = [`calling ${formatPhone(site.phone)}`];
  if (site.email) ways.push(`e-mailing [${site.email}](mailto:${site.email})`);
  if (site.address) ways.push(`writing to us at ${site.address}`);
  return ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(', ')} or ${ways[ways.length - 1]}`;
}

function takesCards(site: PrivacyPolicySite): boolean {
  return site.payments.provider === 'stripe';
}

function collected(site: PrivacyPolicySite): string {
  const cards = takesCards(site)
    ? ' When you pay a deposit or an invoice online, you enter your card details with our payment provider, Stripe; we do not see or keep your card number.'
    : '';
  return `## What we collect\nWhen you send an enquiry, book a test drive or a service, ask about finance or ask for a trade-in valuation or enter a promotion, we collect the details you give us: your name, contact details, postcode and the vehicle you are interested in, and for a trade-in the details and photos of your vehicle. If you sign in, we keep your mobile number and any vehicles you save.${cards}`;
}

const HOW_HELD = `## How we collect and hold it\nWe collect your information from you: through the forms on this website, by phone or in person. It is stored securely by us and by the service providers who run this website and deliver your enquiry to us. We keep it only as long as we need it, then delete it.`;

const HOW_USED = `## How we use it\nWe use your information to answer your enquiry, arrange what you asked for, and, if you agreed, to tell you about offers. You can opt out of marketing at any time by replying STOP to an SMS or using the unsubscribe link in an e-mail.`;

const SHARED = `## Who we share it with\nYour enquiry goes to our staff and to the customer management system we use to answer it. We also use service providers to host this website, send SMS and e-mail, and value trade-in vehicles. If you ask us to, we pass a finance enquiry to a finance provider. We do not sell your information.`;

function overseas(site: PrivacyPolicySite): string {
  const cards = takesCards(site)
    ? 'Card payments are processed by Stripe, which may store and process payment details in the United States. Some of our other'
    : 'Some of our';
  return `## Sending information overseas\n${cards} service providers (website hosting, SMS and e-mail delivery, and our customer management system) may store information outside Australia. We take reasonable steps to make sure they handle it in line with the Australian Privacy Principles, and you can ask us where your information is held.`;
}

function access(site: PrivacyPolicySite): string {
  return `## Access and correction\nYou may ask for access to, or correction of, the information we hold about you by ${contactWays(site)}. We will respond within 30 days and do not charge for making a request.`;
}

function complaints(site: PrivacyPolicySite): string {
  return `## Complaints\nIf you think we have breached the Australian Privacy Principles, please tell us by ${contactWays(site)}. We will acknowledge your complaint, look into it and give you our answer in writing within 30 days. If you are not satisfied with our answer, you may complain to the Office of the Australian Information Commissioner (OAIC) at [www.oaic.gov.au](https://www.oaic.gov.au) or on 1300 363 992.`;
}

/** The default Privacy Policy, as Markdown. */
export function defaultPrivacyPolicy(site: PrivacyPolicySite): string {
  const intro = `${site.name} respects your privacy and handles personal information in line with the Australian Privacy Principles of the *Privacy Act 1988* (Cth).`;
  return [intro, collected(site), HOW_HELD, HOW_USED, SHARED, overseas(site), access(site), complaints(site)].join('\n\n');
}
