import { describe, expect, it } from 'vitest';
import { approvalRefusal, clinicianLicenceSchema, licenceFor, statesWhereTestsAreSold, type ClinicianLicence } from './licences.ts';

const texas: ClinicianLicence = { state: 'TX', number: 'TX-Q1234', expiresOn: '2027-03-31' };
const california: ClinicianLicence = { state: 'CA', number: 'A123456', expiresOn: '2026-11-30' };

describe('the licence an approval needs', () => {
  it('is one in the state where the person tested lives, valid through its last day', () => {
    expect(approvalRefusal([texas], 'TX', '2027-03-31')).toBeUndefined();
    expect(licenceFor([california, texas], 'TX', '2026-12-07')).toEqual(texas);
    expect(approvalRefusal([texas], 'TX', '2027-04-01')?.code).toBe('LICENCE_EXPIRED');
  });

  it('refuses a clinician licensed elsewhere only, saying which state it needs', () => {
    expect(approvalRefusal([texas], 'CA', '2026-10-01')?.code).toBe('NOT_LICENSED_IN_STATE');
    const refusal = approvalRefusal([texas], 'FL', '2026-12-07');
    expect(refusal).toEqual({
      code: 'NOT_LICENSED_IN_STATE',
      message:
        'Only a clinician licensed in Florida, where the person tested lives, may approve this order, and you hold no Florida licence.',
    });
    expect(approvalRefusal([], 'TX', '2026-12-07')?.code).toBe('NOT_LICENSED_IN_STATE');
  });

  it('names the expired licence and who can renew it', () => {
    expect(approvalRefusal([california], 'CA', '2026-12-07')?.message).toBe(
      'Your California licence A123456 expired on 2026-11-30. Only a clinician licensed in California may approve this order; an operator can renew the licence in the console.',
    );
  });

  it('refuses an order that says nowhere', () => {
    expect(approvalRefusal([texas], null, '2026-12-07')?.code).toBe('TESTED_STATE_UNKNOWN');
  });

  it('is needed in every state where tests are sold, and in none where they are not', () => {
    expect(statesWhereTestsAreSold).toContain('MD');
    expect(statesWhereTestsAreSold).not.toEqual(expect.arrayContaining(['NY']));
    expect(statesWhereTestsAreSold.filter((state) => ['NY', 'NJ', 'RI'].includes(state))).toEqual([]);
    expect(statesWhereTestsAreSold).toHaveLength(48);
  });
});

describe('the licence form', () => {
  it('takes a state, the board’s number and the last day', () => {
    expect(clinicianLicenceSchema.parse({ state: 'TX', number: ' Q-1234 ', expiresOn: '2027-03-31' })).toEqual({
      state: 'TX',
      number: 'Q-1234',
      expiresOn: '2027-03-31',
    });
  });

  it.each([
    [{ state: 'XX', number: 'Q1', expiresOn: '2027-03-31' }, 'state'],
    [{ state: 'TX', number: '', expiresOn: '2027-03-31' }, 'number'],
    [{ state: 'TX', number: '<script>', expiresOn: '2027-03-31' }, 'number'],
    [{ state: 'TX', number: 'Q1', expiresOn: '31/03/2027' }, 'expiresOn'],
  ])('refuses %j in its %s', (input, field) => {
    const parsed = clinicianLicenceSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual([field]);
  });
});
