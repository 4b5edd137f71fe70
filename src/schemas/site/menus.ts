/** site.json `menus`: header buttons, extra "More" links and footer extras (spec §2 "Header menu"). */
import * as v from 'valibot';
import MENU_LINKS from './menu-links.json' with { type: 'json' };
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
  header_buttons: v.optional(v.array(MenuLinkSchema), MENU_LINKS.header_buttons),
  /** Links under "More". Default: About Us, Locations, Special Offers, Contact. */
  more: v.optional(v.array(MenuLinkSchema), MENU_LINKS.more),
  /** Links of the footer's dealer-group column. Default: About Us, Careers-free set of policies. */
  dealer_group: v.optional(v.array(MenuLinkSchema), MENU_LINKS.dealer_group),
});

export type Menus = v.InferOutput<typeof MenusSchema>;
export type MenuLink = v.InferOutput<typeof MenuLinkSchema>;
