/** Lead values the kernel cleans or refuses before any feature stores them: what only the server may say. */
import { SPIN_LEAD_CATEGORY } from '../../schemas/api/spin-to-win.ts';

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

/** Lead categories only the server sets (a spin's prize lead, spin-to-win plugin): no browser post may name one. */
const SERVER_CATEGORIES: readonly string[] = [SPIN_LEAD_CATEGORY];

/** A category reduced to its letters and digits, lower case: 'Spin to Win', ' SPIN-TO-WIN ' and 'spin  to win' read alike. */
const categoryKey = (category: string) => category.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The server-only category `category` names (any case, spacing or punctuation), or undefined for a category a form may send. */
export function serverOnlyCategory(category: string | null | undefined): string | undefined {
  const key = categoryKey(category ?? '');
  return key === '' ? undefined : SERVER_CATEGORIES.find((entry) => categoryKey(entry) === key);
}

/** The field message for a post naming a server-only category: nothing is stored. */
export function serverCategoryProblem(category: string | undefined): string | undefined {
  const named = serverOnlyCategory(category);
  return named && `${named} leads are recorded by the site itself and cannot be sent from a form.`;
}
