// @vitest-environment happy-dom
/**
 * /success after a paid reservation: the deposit terms are the site's (payments.deposit_hold_hours,
 * payments.deposit_refundable), as the deposit step stated them, never a fixed 48 hours.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import type { SuccessSite } from '../../lib/forms/lead-success.ts';
import { $sentLead } from '../../stores/prefill.ts';
import SuccessSummary from './SuccessSummary.tsx';

const mounted = mountRoot();
afterEach(() => {
  act(() => $sentLead.set(null));
  localStorage.clear();
});

function reserved(): void {
  const car = { id: '42', name: '2019 Mazda 3', slug: '2019-mazda-3-42' };
  localStorage.setItem('success_category', 'Reserve');
  localStorage.setItem('lead_car', JSON.stringify({ ...car, lead_id: 'L1' }));
  $sentLead.set({ category: 'Reserve', successCategory: 'Reserve', lead_id: 'L1', car, sent: [['First Name', 'Jo']], at: 1 });
}

describe('SuccessSummary', () => {
  it('a 24-hour, non-refundable site: the page says so and promises no 48 hours or refund', () => {
    reserved();
    const site: SuccessSite = { dealer: 'Strict Cars', deposit: 500, depositSettings: { deposit_hold_hours: 24, deposit_refundable: false } };
    mounted.render(<SuccessSummary site={site} stockHref="/cars" />);
    const text = mounted.host.textContent ?? '';
    expect(mounted.host.querySelector('h1')?.textContent).toBe('Your car is reserved');
    expect(text).toContain('$500 deposit holds the 2019 Mazda 3 for you for 24 hours. The deposit is not refundable.');
    expect(text).not.toMatch(/48 hours|fully refundable|refundable in full/);
  });

  it('the default site: the spec terms (48 hours, refundable in full)', () => {
    reserved();
    const site: SuccessSite = { dealer: 'Acme', deposit: 200, depositSettings: { deposit_hold_hours: 48, deposit_refundable: true } };
    mounted.render(<SuccessSummary site={site} stockHref="/cars" />);
    expect(mounted.host.textContent).toContain('$200 deposit holds the 2019 Mazda 3 for you for 48 hours. The deposit is refundable in full.');
  });
});
