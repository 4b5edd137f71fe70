import { describe, expect, it } from 'vitest';
import { analyticsEntry, analyticsEntryText, ANALYTICS_EVENTS, trackEvent } from './analytics.ts';

describe('analytics', () => {
  it('uses the spec event ids', () => {
    expect(ANALYTICS_EVENTS).toMatchObject({ usedVehicleView: 4, callClick: 25, financeCalculatorUse: 26, favouriteSave: 39, historyReport: 60, print: 61 });
  });
  it('builds an entry whose id cannot be overridden by data', () => {
    expect(analyticsEntry('callClick', { car_id: 9, event_id: 1 })).toEqual({ car_id: 9, event: 'dealer_event', event_id: 25, event_name: 'callClick' });
  });
  it('gives the entry as JSON for a built page to carry (an inline script pushes it as it is)', () => {
    expect(JSON.parse(analyticsEntryText('print', { car_id: '7' }))).toEqual(analyticsEntry('print', { car_id: '7' }));
    expect(JSON.parse(analyticsEntryText('callClick'))).toEqual({ event: 'dealer_event', event_id: 25, event_name: 'callClick' });
  });
  it('creates the dataLayer and appends to it in a browser', () => {
    const page: { dataLayer?: unknown[]; document: object } = { document: {} };
    trackEvent('print', { car_id: 'x' }, page);
    trackEvent('favouriteSave', {}, page);
    expect(page.dataLayer).toEqual([
      { car_id: 'x', event: 'dealer_event', event_id: 61, event_name: 'print' },
      { event: 'dealer_event', event_id: 39, event_name: 'favouriteSave' },
    ]);
  });
  it('does nothing without a document (static build)', () => {
    const server: { dataLayer?: unknown[] } = {};
    expect(trackEvent('print', {}, server)).toBeNull();
    expect(server.dataLayer).toBeUndefined();
  });
});
