import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { findForbiddenCharacter, hasForbiddenCharacter, nestsDeeperThan, safeValidatorCompiler } from './safe-strings.ts';

describe('hasForbiddenCharacter', () => {
  it.each([
    '\u0000',
    'ann\u0000@example.com',
    '\uD800',
    'before\uD800after',
    'ends high\uD83D',
    '\uDC00',
    'before\uDC00after',
    '\uDE00\uD83D',
  ])('finds one in %j', (text) => {
    expect(hasForbiddenCharacter(text)).toBe(true);
  });

  it.each(['', 'ann@example.com', 'Zoë Müller', '東京', 'emoji \uD83D\uDE00 in a pair', '\t\n tab and line', "'; DROP TABLE users; --"])(
    'lets %j through',
    (text) => {
      expect(hasForbiddenCharacter(text)).toBe(false);
    },
  );
});

describe('nestsDeeperThan', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { inner: value };
    return value;
  };

  it('counts lists and objects alike, and strings not at all', () => {
    expect(nestsDeeperThan(nested(3), 2)).toBe(true);
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan('a string', 0)).toBe(false);
    expect(nestsDeeperThan({ a: [1, 2], b: { c: 'd' } }, 1)).toBe(true);
    expect(nestsDeeperThan({ a: [1, 2], b: { c: 'd' } }, 2)).toBe(false);
  });

  it('walks a body a hundred thousand deep without recursion', () => {
    expect(nestsDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 32)).toBe(true);
  });
});

describe('findForbiddenCharacter', () => {
  it('answers the path to the string that holds one', () => {
    expect(findForbiddenCharacter({ items: [{ name: 'ok' }, { name: 'bad\u0000' }] })).toEqual(['items', '1', 'name']);
    expect(findForbiddenCharacter('\uD800')).toEqual([]);
  });

  it('answers the first in the order the request wrote them', () => {
    expect(findForbiddenCharacter({ a: 'ok', b: '\u0000', c: { d: '\u0000' } })).toEqual(['b']);
  });

  it('counts a key, naming the object that holds it', () => {
    expect(findForbiddenCharacter({ answers: { 'goal\u0000': 'sleep' } })).toEqual(['answers']);
  });

  it('walks the objects without a prototype that the query and path parsers make', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { q: '\u0000' });
    expect(findForbiddenCharacter(query)).toEqual(['q']);
  });

  it('finds nothing in clean values, numbers, null and raw bytes', () => {
    expect(findForbiddenCharacter({ email: 'ann@example.com', count: 2, on: true, none: null, list: ['a', 'b'] })).toBeUndefined();
    expect(findForbiddenCharacter(null)).toBeUndefined();
    expect(findForbiddenCharacter(Buffer.from('\u0000'))).toBeUndefined();
  });

  it('copes with nesting as deep as a body can hold', () => {
    const deep = JSON.parse(`${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`) as unknown;
    expect(findForbiddenCharacter(deep)).toHaveLength(30_000);
  });
});

describe('safeValidatorCompiler', () => {
  const validate = safeValidatorCompiler({
    schema: z.object({ q: z.string().trim().max(5) }),
    method: 'GET',
    url: '/search',
    httpPart: 'querystring',
  });

  it('refuses a forbidden character with a 400 naming the field, before zod', () => {
    const result = validate({ q: 'a\u0000' }) as { error: AppError };
    expect(result.error).toBeInstanceOf(AppError);
    expect(result.error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'q: This field contains a character that is not allowed.',
    });
  });

  it('hands clean input to zod as before', () => {
    expect(validate({ q: ' ok ' })).toEqual({ value: { q: 'ok' } });
    expect(validate({ q: 'too long' })).toHaveProperty('error');
  });
});
