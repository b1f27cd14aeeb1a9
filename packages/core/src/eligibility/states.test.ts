import { describe, expect, it } from 'vitest';
import { usStates } from './us-states.ts';
import { LAB_NOT_AVAILABLE_IN_NY } from './eligibility.ts';
import {
  allowedMethods,
  clinicClientNotice,
  collectionRefusal,
  labPickUpAvailable,
  orderRefusal,
  saleKindOf,
  saleRestrictions,
  stateNames,
  stateNotice,
  whereTestsAreSold,
} from './states.ts';
import { stateOfZip } from './zip-states.ts';

describe('the state of a ZIP code', () => {
  it.each([
    ['10004', 'NY'],
    ['00501', 'NY'],
    ['06390', 'NY'],
    ['06320', 'CT'],
    ['07030', 'NJ'],
    ['08540', 'NJ'],
    ['02903', 'RI'],
    ['02108', 'MA'],
    ['21201', 'MD'],
    ['20001', 'DC'],
    ['20166', 'VA'],
    ['19801', 'DE'],
    ['73301', 'TX'],
    ['73102', 'OK'],
    ['79901', 'TX'],
    ['88510', 'TX'],
    ['94103', 'CA'],
    ['96813', 'HI'],
    ['99501', 'AK'],
    ['78701-1234', 'TX'],
  ])('%s is in %s', (zip, state) => {
    expect(stateOfZip(zip)).toBe(state);
  });

  it.each(['00901', '09001', '96910', '34001', '1000', 'abcde'])('%s is no state the shop sells in', (zip) => {
    expect(stateOfZip(zip)).toBeUndefined();
  });
});

describe('what a product asks', () => {
  it.each([
    ['base-quiz', 'test'],
    ['base-complete', 'test'],
    ['base-monitor', 'test'],
    ['food-allergy', 'test'],
    ['improvement-program-later', 'test'],
    ['improvement-program-after-results', 'test'],
    ['base-daily', 'sample_free'],
    ['health-coach', 'sample_free'],
    ['nutritional-plan', 'sample_free'],
    ['gift-one-off', 'sample_free'],
  ])('%s is %s', (code, kind) => {
    expect(saleKindOf(code)).toBe(kind);
  });
});

describe('where tests are sold', () => {
  it('refuses tests in New York, New Jersey and Rhode Island, by any collection', () => {
    for (const state of ['NY', 'NJ', 'RI'] as const) {
      expect(allowedMethods(state)).toEqual([]);
      const refusal = orderRefusal(state, ['base-quiz', 'base-daily']);
      expect(refusal?.code).toBe('NOT_SOLD_IN_STATE');
      expect(refusal?.message).toContain(stateNames[state]);
      // what they can do instead: the products sold everywhere
      expect(refusal?.message).toContain('Base Daily');
    }
  });

  it('sells Maryland tests taken at a partner lab, and says so before payment', () => {
    expect(allowedMethods('MD')).toEqual(['lab']);
    expect(orderRefusal('MD', ['base-complete'])).toBeUndefined();
    expect(stateNotice('MD')).toContain('partner lab');
  });

  it('sells sample-free products and gifts everywhere', () => {
    for (const state of usStates) {
      expect(orderRefusal(state, ['base-daily', 'health-coach', 'nutritional-plan', 'gift-one-off'])).toBeUndefined();
    }
  });

  it('sells tests by both methods in every state the table does not name', () => {
    const named = new Set(Object.keys(saleRestrictions));
    for (const state of usStates.filter((s) => !named.has(s))) {
      expect(allowedMethods(state)).toEqual(['home', 'lab']);
      expect(orderRefusal(state, ['base-quiz'])).toBeUndefined();
      expect(stateNotice(state)).toBeUndefined();
    }
  });

  it('names a source for every rule', () => {
    for (const rules of Object.values(saleRestrictions)) {
      expect(Object.keys(rules.sample_free)).toEqual([]);
      for (const restriction of Object.values(rules.test)) {
        expect(restriction.why.length).toBeGreaterThan(20);
        expect(restriction.source.length).toBeGreaterThan(20);
      }
    }
  });
});

describe('where a sample is taken', () => {
  it('keeps the specification’s words for a partner lab in New York', () => {
    expect(collectionRefusal('10004', 'lab')).toEqual({ code: 'LAB_NOT_AVAILABLE', message: LAB_NOT_AVAILABLE_IN_NY });
    expect(labPickUpAvailable('10004')).toBe(false);
  });

  it('sends no home kit to New York, and offers nothing there instead', () => {
    const refusal = collectionRefusal('10004', 'home');
    expect(refusal?.code).toBe('HOME_KIT_NOT_IN_STATE');
    expect(refusal?.message).toContain('another state');
  });

  it('offers a Maryland partner lab instead of a home kit', () => {
    expect(collectionRefusal('21201', 'home')?.message).toContain('Lab Pick-Up');
    expect(collectionRefusal('21201', 'lab')).toBeUndefined();
    expect(labPickUpAvailable('21201')).toBe(true);
  });

  it('refuses a New Jersey lab with its reason', () => {
    expect(collectionRefusal('07030', 'lab')).toMatchObject({ code: 'LAB_NOT_AVAILABLE', message: expect.stringContaining('New Jersey') });
    expect(labPickUpAvailable('07030')).toBe(false);
  });

  it('takes samples elsewhere as before', () => {
    expect(collectionRefusal('78701', 'home')).toBeUndefined();
    expect(collectionRefusal('78701', 'lab')).toBeUndefined();
  });
});

describe("a clinic's client list", () => {
  it('reads the table: no tests where none may be sold, the one way where only one is, nothing elsewhere', () => {
    expect(clinicClientNotice('NY')).toBe(
      "Tests can't be ordered for clients who live in New York. New York lets people order a lab test without their own doctor only when the FDA has cleared the test for over-the-counter use, and our tests are not cleared for that.",
    );
    expect(clinicClientNotice('NJ')).toMatch(/^Tests can't be ordered for clients who live in New Jersey\./);
    expect(clinicClientNotice('MD')).toBe("In Maryland this client's sample is taken at a partner lab: we can't send home kits there.");
    expect(clinicClientNotice('TX')).toBeUndefined();
  });
});

describe('the sentence the pages say of where tests are sold', () => {
  it('reads the table: no test in New York, New Jersey or Rhode Island, a partner lab in Maryland', () => {
    expect(whereTestsAreSold()).toBe(
      "We can't sell tests to people who live in New York, New Jersey or Rhode Island. In Maryland the sample is taken at a partner lab: we can't send home kits there.",
    );
  });
});
