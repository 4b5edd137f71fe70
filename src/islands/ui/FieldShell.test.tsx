/**
 * The field shell the form kit's fields share (issue 12 item 5): label with the required
 * mark, hint, control, and the message beside it, in the markup the fields wrote out before.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FieldShell, { describedByIds, FieldError } from './FieldShell.tsx';

describe('FieldShell (islands/ui)', () => {
  it('renders label, control and nothing else for a plain optional field', () => {
    const html = renderToStaticMarkup(
      <FieldShell className="field " controlId="f-name" label="First Name" hintId="f-name-hint" errorId="f-name-error">
        <input id="f-name" />
      </FieldShell>,
    );
    expect(html).toBe('<div class="field "><label for="f-name">First Name</label><input id="f-name"/></div>');
  });

  it('adds the hidden required mark, the hint before the control and the message after it', () => {
    const html = renderToStaticMarkup(
      <FieldShell
        className="field field--amount x"
        controlId="f-price"
        label="Price"
        required
        hint="Whole dollars"
        hintId="f-price-hint"
        error="Enter a price"
        errorId="f-price-error"
      >
        <input id="f-price" aria-describedby={describedByIds('f-price-error', 'f-price-hint')} />
      </FieldShell>,
    );
    expect(html).toBe(
      '<div class="field field--amount x"><label for="f-price">Price<span class="field__required" aria-hidden="true"> *</span></label>' +
        '<p class="field__hint" id="f-price-hint">Whole dollars</p><input id="f-price" aria-describedby="f-price-error f-price-hint"/>' +
        '<p class="field__error" id="f-price-error">Enter a price</p></div>',
    );
  });

  it('describedByIds: the message first, then the hint; nothing when neither is shown', () => {
    expect(describedByIds('e', 'h')).toBe('e h');
    expect(describedByIds(null, 'h')).toBe('h');
    expect(describedByIds('e', null)).toBe('e');
    expect(describedByIds(null, null)).toBeUndefined();
  });

  it('FieldError renders only when there is a message', () => {
    expect(renderToStaticMarkup(<FieldError id="x-error" />)).toBe('');
    expect(renderToStaticMarkup(<FieldError id="x-error" message="Required" />)).toBe('<p class="field__error" id="x-error">Required</p>');
  });
});
