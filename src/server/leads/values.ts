/** Lead values the kernel cleans before any feature stores them. */

/** Browser-sent claims about payment that only the server may make: dropped from every lead. */
export function withoutPaymentClaims<T extends Record<string, unknown>>(values: T): T {
  const copy: Record<string, unknown> = { ...values };
  delete copy.payment;
  const custom = copy.custom_params;
  if (custom && typeof custom === 'object' && !Array.isArray(custom)) {
    copy.custom_params = Object.fromEntries(Object.entries(custom as Record<string, unknown>).filter(([key]) => !/^payment/i.test(key)));
  }
  return copy as T;
}
