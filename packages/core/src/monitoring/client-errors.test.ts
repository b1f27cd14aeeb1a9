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

  it('of percent-encoded addresses, bare tokens and key=value secrets outside a URL', () => {
    const scrubbed = scrubClientError({
      message: 'Reset failed for jane%40example.com with q3VtX9aLk2PzR8wYbN4cD7eF1gH5jK0mS6tU_vW-xYz (token=abc123, page=2)',
      page: '/new-password%3Ftoken%3Dq3VtX9aLk2PzR8wYbN4cD7eF1gH5jK0mS6tU_vW-xYz',
      stack: 'Error: at https://shop.example/api/admin/outbox%3Fto%3Djane%2540example.com',
    });
    expect(scrubbed.message).toBe('Reset failed for [e-mail] with [token] (token=[redacted], page=2)');
    expect(scrubbed.page).toBe('/new-password');
    expect(scrubbed.stack).toBe('Error: at https://shop.example/api/admin/outbox');
  });

  it('to a bounded length', () => {
    expect(scrubClientError({ message: 'x'.repeat(2000), page: '/', stack: null }).message).toHaveLength(500);
  });
});
