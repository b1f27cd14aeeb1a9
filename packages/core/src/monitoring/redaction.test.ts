import { describe, expect, it } from 'vitest';
import { decodePercent, looksLikeToken, redactPath, redactQuery, redactUrl, redactUrlsAndEmails } from './redaction.ts';

const token = 'q3VtX9aLk2PzR8wYbN4cD7eF1gH5jK0mS6tU_vW-xYz';

describe('a URL as a log keeps it', () => {
  it('keeps the path and the harmless query values, and redacts every other value', () => {
    expect(redactUrl(`/new-password?token=${token}`)).toBe('/new-password?token=[redacted]');
    expect(redactUrl('/api/admin/outbox?to=jane@example.com&page=2')).toBe('/api/admin/outbox?to=[redacted]&page=2');
    expect(redactUrl('/api/admin/customers?q=jane%40example.com&status=paid&limit=20')).toBe(
      '/api/admin/customers?q=[redacted]&status=paid&limit=20',
    );
    expect(redactUrl('/api/leads?unknownThing=secret')).toBe('/api/leads?unknownThing=[redacted]');
  });

  it('redacts a key that is not a plain name, and drops the fragment', () => {
    expect(redactQuery('jane%40example.com=1&page=1')).toBe('[redacted]&page=1');
    expect(redactUrl('/sign-in?next=%2Faccount%3Ftoken%3Dx#top')).toBe('/sign-in?next=[redacted]');
  });

  it('redacts the segments the matched route names as secrets, however the path is spelled', () => {
    expect(redactPath('/api/pay/abc-123', '/api/pay/:token')).toBe('/api/pay/[redacted]');
    expect(redactPath('/api/gifts/GIFT-7/redeem', '/api/gifts/:code(^[\\w-]+$)/redeem')).toBe('/api/gifts/[redacted]/redeem');
    // a doubled slash cannot be lined up with the route: everything from the secret on goes
    expect(redactPath('/api//pay/abc-123', '/api/pay/:token')).toBe('/api//[redacted]/[redacted]');
    expect(redactPath('/api/orders/3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f/results', '/api/orders/:id/results')).toBe(
      '/api/orders/3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f/results',
    );
  });

  it('redacts a segment that holds an e-mail address or looks like a token whatever the route', () => {
    expect(redactPath(`/staff-invitation/${token}`)).toBe('/staff-invitation/[redacted]');
    expect(redactPath('/api/admin/customers/jane%40example.com')).toBe('/api/admin/customers/[redacted]');
    expect(redactPath('/assets/entry.client-DkL2x9_a.js')).toBe('/assets/entry.client-DkL2x9_a.js');
  });
});

describe('free text', () => {
  it('has the query values of the addresses in it and its e-mail addresses redacted', () => {
    expect(redactUrlsAndEmails(`Route GET:/new-password?token=${token} not found`)).toBe(
      'Route GET:/new-password?token=[redacted] not found',
    );
    expect(redactUrlsAndEmails('no account for jane.doe+shop@example.com')).toBe('no account for [redacted]');
  });
});

describe('tokens and encodings', () => {
  it('tells a random token from a slug, a word or an id', () => {
    expect(looksLikeToken(token)).toBe(true);
    expect(looksLikeToken('a'.repeat(10) + '0123456789abcdef0123456789abcdef')).toBe(true);
    expect(looksLikeToken('employer-invoices-2026-01')).toBe(false);
    expect(looksLikeToken('useActionFormRowSubmitHandler')).toBe(false);
    expect(looksLikeToken('3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f')).toBe(false);
  });

  it('undoes percent-encoding, twice over, and leaves a broken sequence alone', () => {
    expect(decodePercent('jane%40example.com')).toBe('jane@example.com');
    expect(decodePercent('jane%2540example.com')).toBe('jane@example.com');
    expect(decodePercent('100%zz and %E0%A4%A')).toBe('100%zz and %E0%A4%A');
  });
});
