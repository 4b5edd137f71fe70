// @vitest-environment happy-dom
/**
 * kit.reject: the lead API's refusal as the five lead forms showed it before (issue 12, one
 * copy): the message above the form, field errors at their fields with focus on the first,
 * and no field errors touched when the answer names none.
 */
import { act, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
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
