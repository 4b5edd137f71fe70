/** site.json `menus`: header buttons, extra "More" links and footer extras (spec §2 "Header menu"). */
import * as v from 'valibot';
import { link } from './common.ts';

/** A link with a label. */
export const MenuLinkSchema = v.strictObject({
  /** Visible text. */
  label: v.pipe(v.string(), v.minLength(1)),
  /** Target path or URL. */
  href: link,
});

export const MenusSchema = v.strictObject({
  /** Buttons at the right of the header (vary per dealer). Default: Book a Service and Value My Car. */
  header_buttons: v.optional(v.array(MenuLinkSchema), [
    { label: 'Book a Service', href: '/book-a-service' },
    { label: 'Value My Car', href: '/sell-my-car' },
  ]),
  /** Links under "More". Default: About Us, Locations, Special Offers, Contact. */
  more: v.optional(v.array(MenuLinkSchema), [
    { label: 'About Us', href: '/about-us' },
    { label: 'Our Locations', href: '/dealer-locator' },
    { label: 'Special Offers', href: '/special-offers' },
    { label: 'Warranty', href: '/warranty' },
    { label: 'Contact Us', href: '/contact-us' },
  ]),
  /** Links of the footer's dealer-group column. Default: About Us, Careers-free set of policies. */
  dealer_group: v.optional(v.array(MenuLinkSchema), [
    { label: 'About Us', href: '/about-us' },
    { label: 'Contact Us', href: '/contact-us' },
    { label: 'Privacy Policy', href: '/privacy-policy' },
    { label: 'Terms and Conditions', href: '/terms-and-conditions' },
  ]),
});

export type Menus = v.InferOutput<typeof MenusSchema>;
export type MenuLink = v.InferOutput<typeof MenuLinkSchema>;
