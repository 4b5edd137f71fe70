/**
 * Privacy wording of the forms (Australian Privacy Principle 5 and the
 * Spam Act 2003). Pure strings: the form islands render them, docs/security.md explains the
 * choice. A collection notice says who collects, why, who else may receive the details,
 * what happens without them, and where the Privacy Policy explains access, correction and
 * complaints; the marketing opt-in says what the shopper agrees to and how to stop.
 */

/** Why each form collects personal information (completes "... collects ... to <purpose>"). */
export const COLLECTION_PURPOSES = {
  enquiry: 'to answer your enquiry',
  testDrive: 'to arrange your test drive',
  finance: 'to answer your finance enquiry and, if you ask, to pass it to a finance provider',
  photos: 'to send you photos of this vehicle',
  service: 'to book your service',
  reserve: 'to reserve this vehicle for you and take your deposit',
  instantOffer: 'to value your vehicle and make you an offer, including any photos of it you upload',
  // Only on a site that keeps a watchlist (garageKept, src/lib/forms/garage.ts) does sign-in keep one.
  signIn: 'to text you a sign-in code',
  signInWatchlist: 'to text you a sign-in code and keep your watchlist',
  spinToWin: 'to run the Spin to Win promotion and arrange the prize you win',
} as const;

export type CollectionPurpose = keyof typeof COLLECTION_PURPOSES;

/** The collection notice text before the Privacy Policy link. */
export function collectionNotice(brand: string, purpose: CollectionPurpose): string {
  return `${brand} collects the details you give here ${COLLECTION_PURPOSES[purpose]}. They are used by our staff and the service providers who help us do that, and without them we cannot respond. Our`;
}

/** After the Privacy Policy link of the collection notice. */
export const COLLECTION_NOTICE_END = 'explains how we handle your information and how to access or correct it or make a complaint.';

/** What ticking the marketing opt-in means, and how to stop (Spam Act: consent and unsubscribe). */
export function optInDescription(brand: string): string {
  return `By ticking this box you agree that ${brand} may send you news and offers by email and SMS. You can stop at any time: reply STOP to any SMS, or use the unsubscribe link in any email.`;
}
