/** site.json `service_page`: content of the /service and /book-a-service pages (spec §2 "Service page"). */
import * as v from 'valibot';
import { imageSource, link } from './common.ts';

export const ServicePageSchema = v.strictObject({
  /** Title; {dealer} is replaced. Default: texts.service_title ('Book Your Service at {dealer}'). */
  title: v.optional(v.string()),
  /** Intro paragraph under the title. Default: a sentence naming the dealer. */
  intro: v.optional(v.string()),
  /** Hero image: a site path ('/media/service.jpg') or an https URL. Default: none (a coloured hero). */
  hero_image: v.optional(imageSource),
  /** Optional drop-off / pick-up schedule, e.g. { drop_off: ['7:45am', '8:45am'], pick_up: ['2:00pm', '4:30pm'] }. */
  schedule: v.optional(v.strictObject({ drop_off: v.array(v.string()), pick_up: v.array(v.string()) })),
  /** Feature blocks under the form. Default: Book Online and Ask Our Service Team (with the service phone): no service the dealer has not named. */
  features: v.optional(
    v.array(
      v.strictObject({
        /** Heading of the block, e.g. 'Genuine Parts'. */
        title: v.string(),
        /** The block's text under its heading. */
        text: v.string(),
      }),
    ),
  ),
  /** Perks list; [] shows no perks section. Default: the spec's perks (genuine parts ... early drop-offs): list only what the dealer offers. */
  perks: v.optional(v.array(v.string())),
  /** Show the certified-dealership banner with BOOK NOW. Default: true when the site has a manufacturer. */
  certified_banner: v.optional(v.boolean()),
  /** A line under the certified banner's heading, e.g. 'Servicing to the manufacturer’s schedule keeps your warranty intact.'. Default none: a warranty term is the dealer's own words (docs/tenant-files.md). */
  certified_text: v.optional(v.string()),
  /** Headline of the /warranty link card alone. Default: the site's warranty headline (texts.warranty, else the manufacturer's text). */
  warranty_text: v.optional(v.string()),
  /** Where BOOK NOW goes. Default '#service-form'. */
  book_href: v.optional(v.union([link, v.pipe(v.string(), v.regex(/^#[\w-]+$/, 'expected #anchor'))]), '#service-form'),
});

export type ServicePage = v.InferOutput<typeof ServicePageSchema>;
