/**
 * The phone box's reveal call in the browser (spec §7 phone reveal: car_id, dealership_id,
 * website_id, "response only logged"; §8 "Phone reveal failure ... logged only"). The number is
 * already on screen when this is sent: a failed answer or a network failure is logged, never
 * shown to the shopper, and never thrown.
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
