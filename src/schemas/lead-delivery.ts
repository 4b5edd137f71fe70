/**
 * A tenant folder's lead-delivery.json (docs/lead-api.md "Delivery"): where its leads go and how
 * long its personal data is kept. Server-only: read with the tenant (loadTenant), used by the lead
 * API, never part of a built site. checkLeadDeliveryFile is the one validation of the file.
 */
import * as v from 'valibot';
import { httpUrl } from './site/common.ts';
import { issueLines } from './issues.ts';

/** A destination's id: 1 to 40 lower-case letters, digits and hyphens. */
const deliveryId = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'expected an id of 1 to 40 lower-case letters, digits and hyphens, e.g. "crm"'));

/** One place a tenant's leads go. */
export const DestinationSchema = v.variant('type', [
  v.strictObject({
    /** Stable id: part of each delivery's idempotency key; never reuse one for another receiver. */
    id: deliveryId,
    type: v.literal('webhook'),
    /** 'json' (default) or 'adf' (ADF/XML 1.0). */
    format: v.optional(v.picklist(['json', 'adf']), 'json'),
    /** The receiver's http(s) URL (the outbound-address policy applies at delivery). */
    url: httpUrl('expected an http(s) URL, e.g. https://crm.example.com/leads'),
    /**
     * Name of the environment variable holding the HMAC secret (the secret itself never sits in
     * the tenant folder): LEAD_DELIVERY_SECRET_<SLUG> or LEAD_DELIVERY_SECRET_<SLUG>__<NAME>
     * (deliverySecretNames; checked against the folder's slug when the file is read).
     */
    secret_env: v.optional(
      v.pipe(v.string(), v.regex(/^LEAD_DELIVERY_SECRET_[A-Z0-9_]+$/, 'expected LEAD_DELIVERY_SECRET_<SLUG> or LEAD_DELIVERY_SECRET_<SLUG>__<NAME>')),
    ),
    /** Per-attempt timeout in ms. Default 10000. */
    timeout_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(60_000)), 10_000),
  }),
  v.strictObject({
    id: deliveryId,
    type: v.literal('email'),
    /** What is attached to the e-mail's text (docs/lead-api.md "Lead e-mails"): 'adf' (default) or 'json'. */
    format: v.optional(v.picklist(['json', 'adf']), 'adf'),
    to: v.pipe(v.array(v.pipe(v.string(), v.email())), v.minLength(1)),
  }),
]);

/** How long a tenant's personal data is kept (APP 11.2); `npm run purge` deletes what is older. */
export const RetentionSchema = v.strictObject({
  /** Leads, trade-in evaluations and what hangs off them, in days. Default 730 (2 years). */
  leads_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(36_500)), 730),
  /** Trade-in photos, in days. Default 90. */
  trade_in_photos_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(36_500)), 90),
});

export type Retention = v.InferOutput<typeof RetentionSchema>;

/** The default retention (a tenant without a `retention` block in lead-delivery.json). */
export const DEFAULT_RETENTION: Retention = { leads_days: 730, trade_in_photos_days: 90 };

export const LeadDeliveryFileSchema = v.strictObject({
  /** Where leads go. Absent: by e-mail (text, the ADF attached) to the site's address when it has one. */
  destinations: v.optional(v.array(DestinationSchema)),
  /** Retention of this tenant's personal data. Default 2 years for leads, 90 days for trade-in photos. */
  retention: v.optional(RetentionSchema),
});

export type Destination = v.InferOutput<typeof DestinationSchema>;
export type LeadDeliveryFile = v.InferOutput<typeof LeadDeliveryFileSchema>;

/**
 * The environment variables a tenant's lead-delivery.json may name as `secret_env`: its own
 * delivery secrets only, `LEAD_DELIVERY_SECRET_<SLUG>` (slug upper-cased, `-` as `_`) and
 * `LEAD_DELIVERY_SECRET_<SLUG>__<NAME>`. A tenant author can then never have leads signed
 * with a server secret (the Stripe webhook secret, a feed secret, the sign-in secret) or
 * another tenant's delivery secret: the delivery signature has the same construction as
 * those, so a MAC under them would be a forgery kit. Slugs never hold `__`, so no two
 * tenants share a name.
 */
export function deliverySecretNames(slug: string): { exact: string; prefix: string } {
  const exact = `LEAD_DELIVERY_SECRET_${slug.toUpperCase().replace(/-/g, '_')}`;
  return { exact, prefix: `${exact}__` };
}

/** Whether `name` is one of the tenant's own delivery secret variables. */
export function isDeliverySecretName(slug: string, name: string): boolean {
  const { exact, prefix } = deliverySecretNames(slug);
  return name === exact || (name.startsWith(prefix) && /^[A-Z0-9_]+$/.test(name.slice(prefix.length)) && name.length > prefix.length);
}

/**
 * The parsed content of tenant `slug`'s lead-delivery.json, validated (defaults filled in), or its
 * problems ('field destinations.0.url: expected an http(s) URL ...'), among them a `secret_env`
 * that is not one of the tenant's own delivery secrets (deliverySecretNames).
 */
export function checkLeadDeliveryFile(slug: string, data: unknown): { file: LeadDeliveryFile } | { problems: string[] } {
  const result = v.safeParse(LeadDeliveryFileSchema, data);
  const { exact, prefix } = deliverySecretNames(slug);
  if (!result.success) {
    // issueLines drops repeats: httpUrl's two checks both fail on a URL with no scheme, with one message.
    const lines = issueLines(result.issues, { schema: LeadDeliveryFileSchema, docs: 'docs/lead-api.md' });
    return { problems: lines.map((line) => (/^field [^:]*\.secret_env: /.test(line) ? `${line} (this tenant's: ${exact} or ${prefix}<NAME>)` : line)) };
  }
  const problems = (result.output.destinations ?? []).flatMap((destination, index) =>
    destination.type === 'webhook' && destination.secret_env !== undefined && !isDeliverySecretName(slug, destination.secret_env)
      ? [`field destinations.${index}.secret_env: ${destination.secret_env} is not a delivery secret of this tenant (expected ${exact} or ${prefix}<NAME>)`]
      : [],
  );
  return problems.length > 0 ? { problems } : { file: result.output };
}
