/**
 * The payment adapter of the reserve flow. This issue takes no card payments: the local
 * default records the payment intent (amount, currency, lead, car) with the lead API
 * (POST /api/miscellaneous, column 'payment_intent') so the dealer can collect the deposit;
 * a card provider's adapter would implement the same interface and return its own id.
 */
import { callApi } from './api.ts';

export interface PaymentIntentRequest {
  leadId: string;
  carId: string;
  /** Whole dollars. */
  amount: number;
  description: string;
}

export type PaymentIntentResult = { ok: true; intentId: string; status: 'recorded' | 'succeeded' } | { ok: false; message: string };

export interface PaymentAdapter {
  /** Create (or record) the deposit payment of a reservation. */
  createIntent(request: PaymentIntentRequest): Promise<PaymentIntentResult>;
}

/** The local default: records the intent through the lead API; nothing is charged. */
export function localPaymentAdapter(apiBase: string): PaymentAdapter {
  return {
    async createIntent(request) {
      const result = await callApi<{ id?: string }>(apiBase, '/miscellaneous', {
        body: { column_name: 'payment_intent', lead_id: request.leadId, car_id: request.carId, amount: request.amount, currency: 'AUD', description: request.description.slice(0, 200), status: 'recorded', provider: 'local' },
      });
      if (!result.ok || typeof result.data?.id !== 'string') return { ok: false, message: result.ok ? 'The deposit could not be recorded.' : (result.message ?? 'The deposit could not be recorded.') };
      return { ok: true, intentId: result.data.id, status: 'recorded' };
    },
  };
}
