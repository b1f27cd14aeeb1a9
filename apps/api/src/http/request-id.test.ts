import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a request id', () => {
  it('is the one sent, when it is up to 128 characters of letters, digits and . _ : -', () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'lb-1:abc.DEF_42' } })).toBe('lb-1:abc.DEF_42');
    expect(requestIdOf({ headers: { 'x-request-id': 'a'.repeat(128) } })).toBe('a'.repeat(128));
  });

  it('is a random UUID when none is sent, or one too long, empty or with other characters', () => {
    for (const sent of [undefined, '', 'a'.repeat(129), 'id with spaces', 'id\nfake log line', 'ïd', ['a', 'b']]) {
      expect(requestIdOf({ headers: { 'x-request-id': sent } })).toMatch(uuid);
    }
    expect(requestIdOf({ headers: {} })).not.toBe(requestIdOf({ headers: {} }));
  });
});
