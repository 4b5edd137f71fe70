import { describe, expect, it } from 'vitest';
import { afterChoose, afterEnterVin, candidateDescriptions, INSTANT_OFFER_ERROR, instantOfferFailure, STEP_TITLES, stepTitles, thankYouSms, vehicleLabel, visibleSteps } from './instant-offer.ts';
import { LEAD_MESSAGES } from '../../schemas/forms/messages.ts';

describe('instant offer steps', () => {
  it('goes to the choose step when a candidate list returns (either spelling)', () => {
    const outcome = afterEnterVin([{ EvalID: null, evalid: 'ev-1', VechielDescriptions: [{ Description: 'Maxx Sport' }, { Description: 'GT' }, { Description: 'GT' }] }], { imagesEnabled: true });
    expect(outcome).toMatchObject({ step: 'choose', evalId: 'ev-1', candidates: ['Maxx Sport', 'GT'] });
    expect(afterEnterVin([{ VechicleDescriptions: ['A', 'B'] }], { imagesEnabled: true }).step).toBe('choose');
    // A single match carries its EvalID and its own description: no choice to make.
    expect(afterEnterVin([{ EvalID: 'E9', VechielDescriptions: [{ Description: 'Only one' }] }], { imagesEnabled: true }).step).toBe('images');
  });

  it('skips to image upload with an EvalID where the site has it, else to details', () => {
    expect(afterEnterVin([{ EvalID: 'E1', VIN: 'VIN1', Make: 'Mazda' }], { imagesEnabled: true })).toMatchObject({ step: 'images', evalId: 'E1', vin: 'VIN1' });
    expect(afterEnterVin([{ EvalID: 'E1' }], { imagesEnabled: false }).step).toBe('details');
  });

  it('shows not-found for an empty answer or one without an EvalID or candidates', () => {
    expect(afterEnterVin([], { imagesEnabled: true }).step).toBe('not-found');
    expect(afterEnterVin(undefined, { imagesEnabled: true }).step).toBe('not-found');
    expect(afterEnterVin([{ EvalID: '', VechielDescriptions: [] }], { imagesEnabled: true }).step).toBe('not-found');
  });

  it('continues after choosing, and numbers the visible steps', () => {
    expect(afterChoose({ imagesEnabled: true })).toBe('images');
    expect(afterChoose({ imagesEnabled: false })).toBe('details');
    expect(visibleSteps({ imagesEnabled: true, hasCandidates: true })).toEqual(['vehicle', 'choose', 'images', 'details']);
    expect(visibleSteps({ imagesEnabled: false, hasCandidates: false })).toEqual(['vehicle', 'details']);
  });

  it('labels vehicles and writes the thank-you SMS', () => {
    expect(vehicleLabel({ Year: 2019, Make: 'Mazda', Model: 'CX-5', Variant: 'Maxx' })).toBe('2019 Mazda CX-5 Maxx');
    expect(vehicleLabel(undefined, 'GT')).toBe('GT');
    expect(candidateDescriptions({ VechielDescriptions: [{ Description: ' ' }] })).toEqual([]);
    expect(thankYouSms({ firstName: 'Ann', dealer: 'Acme Cars', vehicle: '2019 Mazda CX-5' })).toBe('Hi Ann, thanks for requesting an offer for your 2019 Mazda CX-5 from Acme Cars. Our buying team will be in touch shortly.');
  });
});

describe('stepTitles (issue 35 item 3: wording by the kinds of vehicle sold)', () => {
  it('names what the site buys; a car site keeps its words', () => {
    expect(stepTitles('bike or truck').choose).toBe('Choose your bike or truck');
    expect(stepTitles('caravan').images).toBe('Photos of your caravan');
    expect(STEP_TITLES.choose).toBe('Choose your car');
    expect(STEP_TITLES.vehicle).toBe('Your vehicle');
  });
});

describe('instantOfferFailure (spec §8 instant offer failure)', () => {
  it.each([
    ['This valuation has expired.', 'This valuation has expired.'],
    [undefined, INSTANT_OFFER_ERROR],
    ['', INSTANT_OFFER_ERROR],
    [LEAD_MESSAGES.unexpected, INSTANT_OFFER_ERROR],
  ])('%j shows %j', (said, shown) => {
    expect(instantOfferFailure(said)).toBe(shown);
  });
});
