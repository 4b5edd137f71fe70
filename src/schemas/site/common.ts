/** Small schema helpers shared by the site.json concern schemas. */
import * as v from 'valibot';
import { isAuPhone } from '../phone.ts';
import { isCssColour } from './css-colour.ts';

/** A CSS colour: #rgb, #rrggbb (with alpha #rgba, #rrggbbaa), rgb()/hsl() with components in range, or a CSS colour name. Rejects anything that could break out of a style block. */
export const cssColour = v.pipe(
  v.string(),
  v.check(
    isCssColour,
    'expected a CSS colour: #rgb or #rrggbb (#rgba, #rrggbbaa with alpha), rgb() with channels 0-255 or 0-100%, hsl() with a hue of 0-360 and percentages, or a CSS colour name such as navy',
  ),
);

/**
 * A site-relative path ("/about-us"; never "//host" or "/\host", which browsers read as another
 * site) or an absolute http(s) URL, without white space.
 */
export const isSitePathOrHttpUrl = (value: string): boolean => /^(\/(?![/\\])\S*|https?:\/\/\S+)$/.test(value);

/** A link a page shows: a site path or an http(s) URL (isSitePathOrHttpUrl), or a mailto: / tel: link. */
export const link = v.pipe(
  v.string(),
  v.check((value) => isSitePathOrHttpUrl(value) || /^(mailto|tel):\S+$/.test(value), 'expected a path starting with / or an http(s) URL'),
);

/**
 * An image a page shows from the configuration, e.g. in a style attribute: a site path
 * ("/media/service.jpg") or an https URL, without white space, quotes, backslashes or angle brackets.
 */
export const imageSource = v.pipe(
  v.string(),
  v.regex(
    /^(?:\/(?!\/)|https:\/\/)[^\s"'\\<>]+$/,
    'expected a site path (/media/service.jpg) or an https URL (https://cdn.example.com.au/service.jpg), without spaces, quotes, backslashes or angle brackets',
  ),
);

/**
 * An absolute http(s) URL: v.url() alone accepts `javascript:` and `data:`
 * URLs, which become script when used as a link or an iframe source.
 */
export function httpUrl(message = 'expected an http(s) URL, e.g. https://www.example.com.au') {
  return v.pipe(v.string(), v.url(message), v.regex(/^https?:\/\/[^\s]+$/i, message));
}

/** An Australian phone number as written, e.g. "+61 7 3000 1234", "07 3000 1234" or "1300 123 456": the digits of a landline, a mobile or a 13, 1300 or 1800 number (isAuPhone). */
export const phone = v.pipe(
  v.string(),
  v.regex(/^[+()\d\s.-]{6,24}$/, 'expected a phone number of digits, spaces, brackets and dashes, e.g. +61 7 3000 1234'),
  v.check(isAuPhone, 'expected an Australian phone number: 10 digits starting 0 (07 3000 1234, 0412 345 678), +61 7 3000 1234, or a 13, 1300 or 1800 number'),
);

/** A URL slug: lower-case letters, digits and single hyphens. */
export const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a slug: lower-case letters, digits and single hyphens'));

/** An IANA time zone name this runtime knows (the name Intl takes), e.g. "Australia/Sydney". */
export const timeZone = v.pipe(
  v.string(),
  v.check((name) => {
    if (!name.includes('/') && name !== 'UTC') return false;
    try {
      new Intl.DateTimeFormat('en-AU', { timeZone: name });
      return true;
    } catch {
      return false;
    }
  }, 'expected an IANA time zone such as Australia/Sydney'),
);

/**
 * An amount of dollars at most to the cent (2 decimals): the one rule for site.json amounts the
 * server charges in cents, where a fraction of a cent would be charged rounded. `why` ends the message.
 */
export const dollarsAndCents = (why: string) =>
  v.check((amount: number) => Math.round(amount * 100) / 100 === amount, `must be in dollars and cents, at most 2 decimals (e.g. 199.99): ${why}`);
