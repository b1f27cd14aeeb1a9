import { describe, expect, it } from 'vitest';
import { censusChanges, matchesCensusRow, parseCensus } from './census.ts';
import { coveredCents, employerGroupSchema, inPlanYear } from './groups.ts';

const today = new Date('2026-06-01T12:00:00Z');
const header = 'first_name,last_name,email,employee_id,date_of_birth';

describe('census CSV', () => {
  it('reads employees by e-mail or employee ID, quoted fields and a BOM included', () => {
    const parsed = parseCensus(
      `\uFEFF${header}\r\nAda,Lovelace,ADA@acme.test,,1985-12-10\r\n"O""Brien, Jr",Pat,,E-1,1990-01-31\r\n`,
      today,
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', employeeId: null, dateOfBirth: '1985-12-10' },
        { firstName: 'O"Brien, Jr', lastName: 'Pat', email: null, employeeId: 'E-1', dateOfBirth: '1990-01-31' },
      ],
    });
  });

  it('refuses the whole file with every reason by line', () => {
    const parsed = parseCensus(
      [
        header,
        'Ada,Lovelace,ada@acme.test,,1985-12-10',
        'Ada,L,ADA@acme.test,,1985-12-10',
        'Kid,Young,kid@acme.test,,2015-01-01',
        'No,Id,,,1980-02-30',
        'Too,Few,x@y.z',
      ].join('\n'),
      today,
    );
    expect(parsed).toEqual({
      ok: false,
      errors: [
        'Line 3 repeats the employee of line 2',
        'Line 4: Kid Young is under 18; tests are for adults only',
        'Line 5 needs an e-mail or an employee ID, a date of birth as YYYY-MM-DD',
        'Line 6 should have 5 fields separated by commas',
      ],
    });
    expect(parseCensus('email\nada@acme.test', today)).toMatchObject({ ok: false });
    expect(parseCensus(header, today)).toEqual({ ok: false, errors: ['The census lists no employee'] });
  });

  it('says who joins, leaves and changes between two uploads', () => {
    const before = parseCensus(`${header}\nAda,Lovelace,ada@acme.test,,1985-12-10\nAlan,Turing,,E-42,1982-06-23`, today);
    const after = parseCensus(`${header}\nAda,King,ada@acme.test,,1985-12-10\nGrace,Hopper,,E-7,1976-12-09`, today);
    if (!before.ok || !after.ok) throw new Error('fixtures should parse');
    const changes = censusChanges(before.rows, after.rows);
    expect(changes.added.map((row) => row.lastName)).toEqual(['Hopper']);
    expect(changes.removed.map((row) => row.lastName)).toEqual(['Turing']);
    expect(changes.changed.map((row) => row.lastName)).toEqual(['King']);
    expect(changes.unchanged).toBe(0);
  });

  it('matches an employee by names in any case, birthday, and e-mail or ID', () => {
    const row = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', employeeId: 'E-1', dateOfBirth: '1985-12-10' };
    const typed = { firstName: ' ada ', lastName: 'LOVELACE', dateOfBirth: '1985-12-10', emailOrEmployeeId: 'e-1' };
    expect(matchesCensusRow(row, typed)).toBe(true);
    expect(matchesCensusRow(row, { ...typed, emailOrEmployeeId: 'Ada@Acme.test' })).toBe(true);
    expect(matchesCensusRow(row, { ...typed, dateOfBirth: '1985-12-11' })).toBe(false);
    expect(matchesCensusRow(row, { ...typed, emailOrEmployeeId: 'someone@acme.test' })).toBe(false);
  });
});

describe('employer cover', () => {
  it('covers the whole test, or up to its amount, never more than is due', () => {
    expect(coveredCents(null, 7995)).toBe(7995);
    expect(coveredCents(5000, 7995)).toBe(5000);
    expect(coveredCents(9000, 7995)).toBe(7995);
  });

  it('runs within the plan year, both ends included', () => {
    const group = { planYearStart: '2026-01-01', planYearEnd: '2026-12-31' };
    expect([inPlanYear(group, '2026-01-01'), inPlanYear(group, '2026-12-31'), inPlanYear(group, '2027-01-01')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('checks a group as an operator writes it', () => {
    const group = {
      slug: 'acme',
      name: 'Acme',
      logoText: 'ACME',
      goals: ['fatigue'],
      coverCents: null,
      includesProgram: false,
      capEmployees: null,
      capSpendCents: null,
      planYearStart: '2026-01-01',
      planYearEnd: '2026-12-31',
      eligibility: 'code',
    };
    expect(employerGroupSchema.safeParse(group).success).toBe(true);
    expect(employerGroupSchema.safeParse({ ...group, slug: 'Acme Inc' }).success).toBe(false);
    expect(employerGroupSchema.safeParse({ ...group, goals: ['fatigue', 'fatigue'] }).success).toBe(false);
    expect(employerGroupSchema.safeParse({ ...group, goals: ['weight'] }).success).toBe(false);
    expect(employerGroupSchema.safeParse({ ...group, planYearEnd: '2025-12-31' }).success).toBe(false);
  });
});
