import { describe, expect, it } from 'vitest';
import { adjustmentErrors, adjustOffer } from './trade-in-adjustments.ts';

describe('trade-in adjustments answers (7.19)', () => {
  it('the answers move the offer, each adjustment listed, rounded down to $10', () => {
    const result = adjustOffer(20_000, { service_history: 'Partial service history', number_of_keys: '1', car_condition: 'Excellent' });
    expect(result.adjustments).toEqual([
      { question: 'service_history', answer: 'Partial service history', amount: -600 },
      { question: 'number_of_keys', answer: '1', amount: -400 },
      { question: 'car_condition', answer: 'Excellent', amount: 600 },
    ]);
    expect(result.offer).toBe(19_600);
    expect(adjustOffer(12_345, { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' }).offer).toBe(12_340);
  });

  it('never below the minimum offer', () => {
    expect(adjustOffer(520, { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' }).offer).toBe(500);
  });

  it('names every missing or unknown answer', () => {
    expect(adjustmentErrors({ service_history: 'Full service history', number_of_keys: '7' })).toEqual({
      'answers.number_of_keys': 'Number of Keys: choose one of 1, 2, 3 or more',
      'answers.car_condition': 'Condition: choose one of Excellent, Good, Fair, Poor',
    });
    expect(adjustmentErrors({ service_history: 'Full service history', number_of_keys: '2', car_condition: 'Fair' })).toBeNull();
    expect(adjustmentErrors(null)).not.toBeNull();
  });
});
