/**
 * The finance forms' own fields (src/islands/forms/FinanceForm.tsx: /finance, /finance-enquiry,
 * /apply-for-finance, /finance-pre-approval, /personalised/finance): the subcategory each page's
 * lead carries and the Employment Status the apply and pre-approval pages ask. The lead API
 * reads them too (./lead-forms.ts). Browser-safe (valibot only).
 */
import * as v from 'valibot';
import { comparableText, optionalText } from './fields.ts';
import { FORM_MESSAGES } from './messages.ts';

/** The finance pages, and the subcategory of each one's 'Finance Enquiry' lead. */
export const FINANCE_SUBCATEGORY = {
  finance: 'Finance',
  enquiry: 'Finance Enquiry',
  apply: 'Apply for Finance',
  'pre-approval': 'Finance Pre-Approval',
  personalised: 'Personalised Finance',
} as const;

export type FinanceVariant = keyof typeof FINANCE_SUBCATEGORY;

/** The Employment Status options. */
export const EMPLOYMENT_STATUSES = ['Full time', 'Part time', 'Casual', 'Self employed', 'Retired', 'Not currently employed'] as const;

/** The finance page whose lead carries `subcategory` (compared as comparableText: case and spacing aside), or undefined. */
export function financePageOf(subcategory: unknown): FinanceVariant | undefined {
  const wanted = comparableText(subcategory);
  return wanted ? (Object.keys(FINANCE_SUBCATEGORY) as FinanceVariant[]).find((page) => comparableText(FINANCE_SUBCATEGORY[page]) === wanted) : undefined;
}

/** Whether a finance page asks the Employment Status (apply, pre-approval: then required), by its variant or its lead's subcategory. */
export function asksEmployment(page: FinanceVariant | unknown): boolean {
  const variant = typeof page === 'string' && Object.hasOwn(FINANCE_SUBCATEGORY, page) ? page : financePageOf(page);
  return variant === 'apply' || variant === 'pre-approval';
}

/** The Employment Status: one of the options where the page asks it, else optional. */
export function employmentStatus(asked: boolean) {
  return asked ? v.picklist(EMPLOYMENT_STATUSES, FORM_MESSAGES.required) : optionalText(60);
}
