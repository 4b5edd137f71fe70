/**
 * Online payments (docs/payments.md): the reserve deposit and /online-payment.
 * Absent or provider 'none' (the default and the demo): no card is taken online and the
 * journeys say so. Only public values live here; the provider's secret key and webhook
 * secret are read by the lead API from the environment (STRIPE_SECRET_KEY[_<SLUG>],
 * STRIPE_WEBHOOK_SECRET[_<SLUG>]), never from the tenant folder.
 */
import * as v from 'valibot';
import { dollarsAndCents } from './common.ts';

export const PaymentSettingsSchema = v.pipe(
  v.strictObject({
    /** 'none' (default): no card taken online; 'stripe': Stripe Payment Element. */
    provider: v.optional(v.picklist(['none', 'stripe'], "expected 'none' or 'stripe'"), 'none'),
    /** Stripe publishable key (public by design): pk_test_... or pk_live_.... Required for 'stripe'. */
    publishable_key: v.optional(v.pipe(v.string(), v.regex(/^pk_(test|live)_[A-Za-z0-9]{4,200}$/, 'expected a Stripe publishable key (pk_test_... or pk_live_...)'))),
    /** Minutes the car is held for a shopper while they pay. Default 15. */
    hold_minutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(60)), 15),
    /** Hours a paid deposit reserves the car (shown before payment). Default 48 (spec §9). */
    deposit_hold_hours: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(720)), 48),
    /** Whether the deposit is refundable in full (shown before payment). Default true (spec §9). */
    deposit_refundable: v.optional(v.boolean(), true),
    /** Extra deposit terms shown before payment (plain text), e.g. when a refund is due. */
    deposit_terms: v.optional(v.pipe(v.string(), v.maxLength(600))),
    /** Largest amount /online-payment accepts, in dollars, at most 2 decimals (payments are charged in cents). Default 10000. */
    online_payment_max: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(1_000_000), dollarsAndCents('payments are charged in cents')), 10_000),
  }),
  v.check((settings) => settings.provider !== 'stripe' || settings.publishable_key !== undefined, 'payments.publishable_key is required when payments.provider is "stripe"'),
);

export type PaymentSettings = v.InferOutput<typeof PaymentSettingsSchema>;

/** The settings the deposit terms name (how long the car is held, refundable or not, extra terms). */
export type DepositTermsSettings = Pick<PaymentSettings, 'deposit_hold_hours' | 'deposit_refundable' | 'deposit_terms'>;
