import { describe, expect, it } from 'vitest';
import { scrubClientError } from './client-errors.ts';

describe('a client error is scrubbed', () => {
  it('of query strings, e-mail addresses and long numbers', () => {
    const scrubbed = scrubClientError({
      message: 'Failed to fetch /api/quiz-results/8c1d?id=abc for ann.lee@example.com, order 4242 4242 4242 4242',
      page: 'https://shop.example/quiz-results-b?id=8c1d-secret#plan',
      stack: 'TypeError: x is undefined\n    at https://shop.example/assets/quiz-123.js?v=2:1:200',
      release: null,
    });
    expect(scrubbed.page).toBe('/quiz-results-b');
    expect(scrubbed.message).toBe('Failed to fetch /api/quiz-results/8c1d for [e-mail], order [number]');
    expect(scrubbed.stack).toContain('https://shop.example/assets/quiz-123.js');
    expect(scrubbed.stack).not.toContain('?v=2');
  });

  it('to a bounded length', () => {
    expect(scrubClientError({ message: 'x'.repeat(2000), page: '/', stack: null }).message).toHaveLength(500);
  });
});
