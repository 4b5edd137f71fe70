/**
 * site.json `sms`: the texts the lead API sends in the dealer's name (sign-in codes, the
 * trade-in thank-you), and the one reading of the sender ID they show (`smsSenderId`).
 */
import * as v from 'valibot';

/** An alphanumeric sender ID: phone networks carry at most 11 letters, digits and spaces, with a letter. */
const SENDER_ID_MAX = 11;
const SENDER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9 ]{0,9}[A-Za-z0-9])?$/;

export const SmsSettingsSchema = v.strictObject({
  /**
   * The sender ID the shopper's phone shows for the site's texts: 1 to 11 letters, digits and
   * spaces, with a letter and no space at either end, e.g. 'Ridgeline'. Default: from the
   * dealer's name, as many whole words as fit in 11 characters, accents and apostrophes dropped
   * and other characters read as spaces ('Forms Demo Motors' texts as 'Forms Demo', "Bob's
   * Cars" as 'Bobs Cars'). A name with no letter needs it set.
   */
  sender_id: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (id) => SENDER_ID.test(id),
        'sms.sender_id must be 1 to 11 letters, digits and spaces, with a letter and no space at either end (e.g. "Forms Demo")',
      ),
    ),
  ),
});

export type SmsSettings = v.InferOutput<typeof SmsSettingsSchema>;

/** The sender ID a site's texts show: `sms.sender_id`, else the one its name gives. */
export function smsSenderId(site: { name: string; sms: SmsSettings }): string {
  return site.sms.sender_id ?? senderIdFromName(site.name);
}

/**
 * The name's words, accents and apostrophes dropped and other characters read as spaces,
 * as many whole words as fit in 11 characters; a first word longer than that is cut.
 */
function senderIdFromName(name: string): string {
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f'\u2019]/g, '');
  const words = plain.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let sender = '';
  for (const word of words) {
    const longer = sender ? `${sender} ${word}` : word;
    if (longer.length > SENDER_ID_MAX) break;
    sender = longer;
  }
  return sender || (words[0] ?? '').slice(0, SENDER_ID_MAX);
}

/** A site whose name gives no sender ID (no letter in it) must set `sms.sender_id`. Piped onto the site schema, which holds both. */
export function senderIdGiven<Site extends { name: string; sms: SmsSettings }>() {
  return v.rawCheck<Site>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const site = dataset.value;
    // A sender_id given is checked by its own field.
    if (site.sms.sender_id !== undefined || SENDER_ID.test(smsSenderId(site))) return;
    addIssue({
      message: `the name ${JSON.stringify(site.name)} gives no SMS sender ID (it needs a letter): set sms.sender_id, e.g. "Forms Demo"`,
      path: [
        { type: 'object', origin: 'value', input: site, key: 'sms', value: site.sms },
        { type: 'object', origin: 'value', input: site.sms, key: 'sender_id', value: undefined },
      ],
      input: site.name,
    });
  });
}
