/**
 * The phone box's reveal in the browser (spec §7 phone reveal: car_id, dealership_id,
 * website_id, "response only logged"; §8 "Phone reveal failure ... logged only"). The number is
 * already on screen when this is sent: a failed answer or a network failure is logged, never
 * shown to the shopper, and never thrown. Page code, so it lives with the islands, not src/lib.
 *
 * Contract with PhoneNumber.astro: each hidden number is a [data-phone-reveal] button with
 * data-number and data-href, its text in [data-phone-text] and its hint in [data-phone-hint].
 */

/** What the page sends; an empty dealership id (the car names none) is left out. */
export interface PhoneReveal {
  car_id: string;
  dealership_id?: string;
  website_id: string;
}

/** Post one reveal; true when the API recorded it, false (and a console warning) otherwise. */
export async function recordPhoneReveal(endpoint: string, reveal: PhoneReveal, options: { fetch?: typeof fetch } = {}): Promise<boolean> {
  const body = { car_id: reveal.car_id, dealership_id: reveal.dealership_id || undefined, website_id: reveal.website_id };
  try {
    const response = await (options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return true;
    console.warn('phone reveal not logged', `HTTP ${response.status}`);
  } catch (error) {
    console.warn('phone reveal not logged', error);
  }
  return false;
}

/**
 * The page's one phone reveal: the first click on any hidden number (`[data-phone-reveal]`,
 * components/vehicle/PhoneNumber.astro) shows every one of them and calls `onReveal` once; a
 * click on a shown number places the call (`navigate` to its tel: link).
 */
export function wirePhoneReveal(root: ParentNode, onReveal: () => void, navigate = (href: string) => window.location.assign(href)): void {
  const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-phone-reveal]'));
  let revealed = false;
  const reveal = () => {
    revealed = true;
    for (const button of buttons) {
      button.dataset.revealed = 'true';
      const text = button.querySelector('[data-phone-text]');
      if (text) text.textContent = button.dataset.number ?? '';
      button.querySelector('[data-phone-hint]')?.remove();
      button.setAttribute('aria-label', `Call ${button.dataset.number ?? ''}`);
    }
    onReveal();
  };
  for (const button of buttons) button.addEventListener('click', () => (revealed ? navigate(button.dataset.href ?? '') : reveal()));
}
