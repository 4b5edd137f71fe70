/**
 * Australian phone numbers (spec §5): the national digits of a number as written, whether they
 * are an Australian number or mobile, and the number a tel: link dials. The one reading of a
 * number's digits for the form fields, site.json and the site's links. No imports (islands use it).
 */

/** AU numbers after removing spaces, dashes, dots and brackets: 0X XXXX XXXX or +61 X XXXX XXXX, or 13/1300/1800 numbers. */
export const AU_PHONE_PATTERN = /^(?:0[2-478]\d{8}|1[38]00\d{6}|13\d{4})$/;
/** An AU mobile's national digits. */
export const AU_MOBILE_PATTERN = /^04\d{8}$/;

/** Normalise an Australian phone number to its national digits: '+61 412 345 678' -> '0412345678'. */
export function normalisePhone(text: string): string {
  const digits = text.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+61')) return `0${digits.slice(3).replace(/^0/, '')}`;
  if (digits.startsWith('61') && digits.length === 11) return `0${digits.slice(2)}`;
  return digits;
}

/** Whether a phone number has the digits of an Australian number (AU_PHONE_PATTERN after normalisePhone): a landline, a mobile, or a 13, 1300 or 1800 number. */
export function isAuPhone(text: string): boolean {
  return AU_PHONE_PATTERN.test(normalisePhone(text));
}

/** Whether a phone number is an Australian mobile (04.. after normalisePhone): what an SMS reaches. */
export function isAuMobile(text: string): boolean {
  return AU_MOBILE_PATTERN.test(normalisePhone(text));
}

/**
 * The number a tel: link dials. An Australian number (isAuPhone) in international form, +61 and
 * its national number without the leading 0 ('07 3000 1234', '61 7 3000 1234' and
 * '+61 (0)7 3000 1234' -> '+61730001234'); a 13, 1300 or 1800 number as it is ('1300123456').
 * Any other number (a feed's) is its digits, a leading + kept.
 */
export function dialNumber(text: string): string {
  const trimmed = text.trim();
  const national = normalisePhone(trimmed);
  if (AU_PHONE_PATTERN.test(national)) return national.startsWith('0') ? `+61${national.slice(1)}` : national;
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}
