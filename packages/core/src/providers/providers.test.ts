import { describe, expect, it } from 'vitest';
import { messages } from '../errors/api-error.ts';
import { clinicClientSchema, clinicEmailDomain, isValidNpi, normaliseClinicName, providerSignUpSchema } from './index.ts';

describe('NPI', () => {
  it('takes 10 digits whose last is the Luhn check digit of 80840 and the other nine', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1245319599')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
  });
});

describe('matching a clinic', () => {
  it('writes a name the same way however it is typed', () => {
    expect(normaliseClinicName('The Green Valley Clinic, LLC')).toBe('greenvalleyclinic');
    expect(normaliseClinicName('green-valley   clinic')).toBe('greenvalleyclinic');
    expect(normaliseClinicName('Smith & Jones Café')).toBe('smithandjonescafe');
  });

  it('ignores the domains of public mail services', () => {
    expect(clinicEmailDomain('Ana@GreenValley.Health')).toBe('greenvalley.health');
    for (const domain of ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'hotmail.com'])
      expect(clinicEmailDomain(`a@${domain}`)).toBeNull();
  });
});

describe('forms', () => {
  const today = () => new Date('2026-11-27T12:00:00Z');
  const client = { firstName: 'Maya', lastName: 'Lopez', email: 'maya@example.com', dateOfBirth: '2008-11-27', state: 'NY' };

  it('takes a client who turns 18 today, not one a day younger', () => {
    expect(clinicClientSchema(today).safeParse(client).success).toBe(true);
    const minor = clinicClientSchema(today).safeParse({ ...client, dateOfBirth: '2008-11-28' });
    expect(minor.success).toBe(false);
    expect(minor.error?.issues[0]?.message).toBe(messages.underage);
  });

  it('leaves the NPI optional', () => {
    const form = {
      clinicName: 'Green Valley',
      clinicType: 'other',
      addressLine1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      postalCode: '73301',
      name: 'Ana Green',
      email: 'ana@example.com',
      password: 'Clinic-passw0rd!',
    };
    expect(providerSignUpSchema.safeParse(form).success).toBe(true);
    expect(providerSignUpSchema.safeParse({ ...form, npi: '1234567890' }).success).toBe(false);
  });
});
