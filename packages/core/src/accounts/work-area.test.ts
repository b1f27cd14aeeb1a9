import { describe, expect, it } from 'vitest';
import { landingFor, workAreaOf } from './work-area.ts';

describe('where each role lands', () => {
  it('sends each role to where it works, and a member to their account', () => {
    expect(landingFor('operator')).toBe('/admin');
    expect(landingFor('support')).toBe('/admin');
    expect(landingFor('coach')).toBe('/admin/coaching');
    expect(landingFor('provider_admin')).toBe('/providers/dashboard');
    expect(landingFor('provider_staff')).toBe('/providers/dashboard');
    expect(landingFor('affiliate')).toBe('/affiliate/dashboard');
    expect(landingFor('employer_admin')).toBe('/business/portal');
    expect(landingFor('customer')).toBe('/account');
  });

  it('sends an unknown or missing role to the account, never to the console', () => {
    expect(landingFor('someone-new')).toBe('/account');
    expect(landingFor(null)).toBe('/account');
    expect(landingFor(undefined)).toBe('/account');
  });

  it('names the work area the header links to', () => {
    expect(workAreaOf('employer_admin')).toEqual({ path: '/business/portal', label: 'Employer portal' });
    expect(workAreaOf('provider_staff')?.label).toBe('Provider dashboard');
    expect(workAreaOf('clinician')?.label).toBe('Console');
    expect(workAreaOf('customer')).toBeNull();
  });
});
