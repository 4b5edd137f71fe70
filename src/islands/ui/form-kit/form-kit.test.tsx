// @vitest-environment happy-dom
/**
 * kit.reject: the lead API's refusal as the five lead forms showed it before (issue 12, one
 * copy): the message above the form, field errors at their fields with focus on the first,
 * and no field errors touched when the answer names none. A refused field the form does not
 * show has its message in the alert (no link to a missing field) and focus goes to the alert.
 */
import { act, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary, FormAlert } from './form-messages.tsx';
import { useFormKit, type FormKit } from './use-form-kit.ts';
import { mountRoot } from '../../../../tests/support/mount-root.ts';

const mounted = mountRoot();
let kit: FormKit<{ email: string; phone: string }>;

function Harness() {
  const current = useFormKit('kit-test', () => ({ email: '', phone: '' }));
  useEffect(() => {
    kit = current;
  });
  return (
    <form ref={current.formRef}>
      <p id="form-error">{current.formError}</p>
      {(['email', 'phone'] as const).map((name) => (
        <input key={name} id={current.fieldId(name)} aria-invalid={current.errors[name] ? 'true' : undefined} />
      ))}
      <ErrorSummary kit={current} />
      <FormAlert kit={current} />
    </form>
  );
}

describe('form kit: reject (the lead API refused the lead)', () => {
  it('shows the message and the field errors, focusing the first invalid field', () => {
    mounted.render(<Harness />);
    act(() => kit.reject({ message: 'Please fix the following errors:', fieldErrors: { phone: 'Please enter a valid Australian phone number.' } }));
    expect(mounted.host.querySelector('#form-error')!.textContent).toBe('Please fix the following errors:');
    expect(kit.errors).toEqual({ phone: 'Please enter a valid Australian phone number.' });
    expect(document.activeElement?.id).toBe('kit-test-phone');
  });

  it('keeps the field errors as they were when the answer names no field', () => {
    mounted.render(<Harness />);
    act(() => kit.fail({ email: 'Please enter a valid email address.' }));
    act(() => kit.reject({ message: 'Sorry, something went wrong.', fieldErrors: {} }));
    expect(mounted.host.querySelector('#form-error')!.textContent).toBe('Sorry, something went wrong.');
    expect(kit.errors).toEqual({ email: 'Please enter a valid email address.' });
  });
});

describe('form kit: reject naming a field the form does not show', () => {
  const NOT_AVAILABLE = 'This car is not available for a test drive.';

  it('puts its message in the alert, links no missing field and focuses the alert', () => {
    mounted.render(<Harness />);
    act(() => kit.reject({ message: 'Please fix the following errors:', fieldErrors: { car_id: NOT_AVAILABLE } }));
    const alert = mounted.host.querySelector<HTMLElement>('[data-testid="error-warning"]')!;
    expect(alert.textContent).toBe(NOT_AVAILABLE);
    expect(mounted.host.querySelector('[data-testid="form-errors"]')).toBeNull();
    expect(mounted.host.querySelector('a[href="#kit-test-car_id"]')).toBeNull();
    expect(document.activeElement).toBe(alert);
  });

  it('with a shown field refused too: the shown one is listed and focused, the other is the alert', () => {
    mounted.render(<Harness />);
    act(() =>
      kit.reject({
        message: 'Please fix the following errors:',
        fieldErrors: { dealership_slug: 'This dealership is not part of this site.', phone: 'Please enter a valid Australian phone number.' },
      }),
    );
    expect(mounted.host.querySelector('[data-testid="error-warning"]')!.textContent).toBe('This dealership is not part of this site.');
    expect([...mounted.host.querySelectorAll('[data-testid="form-errors"] a')].map((link) => link.getAttribute('href'))).toEqual(['#kit-test-phone']);
    expect(kit.errors).toEqual({ phone: 'Please enter a valid Australian phone number.' });
    expect(document.activeElement?.id).toBe('kit-test-phone');
  });
});
