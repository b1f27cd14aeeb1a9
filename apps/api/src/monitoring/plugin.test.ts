import { describe, expect, it } from 'vitest';
import { isLoopback, metricsAccess, routeLabel } from './plugin.ts';

describe('routeLabel', () => {
  it('keeps route templates and gathers what is not one', () => {
    expect(routeLabel('/api/orders/:id')).toBe('/api/orders/:id');
    expect(routeLabel('/api/docs/static/*')).toBe('/api/docs/static/*');
    expect(routeLabel('/*')).toBe('/*');
    expect(routeLabel('/metrics')).toBe('/metrics');
    expect(routeLabel(undefined)).toBe('(unmatched)');
    // a file of the web app's build: its name changes with each build
    expect(routeLabel('/assets/root-Bx3k9a.js')).toBe('(static file)');
    expect(routeLabel('/favicon.ico')).toBe('(static file)');
  });
});

describe('metricsAccess', () => {
  const token = 'x'.repeat(40);
  const request = (ip: string, authorization?: string) => ({ ip, headers: authorization ? { authorization } : {} });

  it('with a token, opens to its bearer only, wherever they are', () => {
    expect(metricsAccess(token, request('203.0.113.9', `Bearer ${token}`))).toBe('open');
    expect(metricsAccess(token, request('127.0.0.1', `bearer ${token}`))).toBe('open');
    expect(metricsAccess(token, request('127.0.0.1'))).toBe('unauthorised');
    expect(metricsAccess(token, request('127.0.0.1', `Bearer ${token.slice(1)}`))).toBe('unauthorised');
    expect(metricsAccess(token, request('127.0.0.1', `Basic ${token}`))).toBe('unauthorised');
  });

  it('without a token, opens to this machine only', () => {
    expect(metricsAccess(undefined, request('127.0.0.1'))).toBe('open');
    expect(metricsAccess(undefined, request('::ffff:127.0.0.1'))).toBe('open');
    expect(metricsAccess(undefined, request('::1'))).toBe('open');
    expect(metricsAccess(undefined, request('10.0.0.4'))).toBe('hidden');
    expect(metricsAccess(undefined, request('::ffff:10.0.0.4'))).toBe('hidden');
  });

  it('knows the loopback addresses', () => {
    expect(isLoopback('127.9.9.9')).toBe(true);
    expect(isLoopback('1.127.0.0')).toBe(false);
    expect(isLoopback('::2')).toBe(false);
  });
});
