import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppError } from '../errors.ts';
import { validationFailed } from '../validation.ts';

// NUL, which PostgreSQL text cannot hold (the query fails), and a UTF-16 surrogate without its
// pair, which has no UTF-8 form (the driver would quietly store U+FFFD in its place). With the
// u flag a well-formed pair reads as one code point, so only a lone half is in category Cs.
const forbiddenCharacter = /[\0\p{Cs}]/u;

export const NOT_ALLOWED_MESSAGE = 'This field contains a character that is not allowed.';
export const TOO_DEEP_MESSAGE = 'The request nests lists or objects too deeply.';

/**
 * How deep a request's JSON may nest. The shop's own bodies stay under 5 levels; a body of
 * `[[[[…` thousands deep parses, but anything that walks it by recursion (JSON.stringify on the
 * way to the sign-in library, a schema) overflows the stack: such a body is a 400 before that.
 */
export const MAX_NESTING = 32;

/** Whether a string holds a NUL or a lone surrogate. */
export function hasForbiddenCharacter(text: string): boolean {
  return forbiddenCharacter.test(text);
}

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/**
 * The path to the first string in a request's body, query, params or headers that holds a NUL
 * or a lone surrogate; undefined when there is none. Object keys count too: a bad key reports
 * the object that holds it, so the answer never echoes the character back.
 */
export function findForbiddenCharacter(value: unknown): string[] | undefined {
  // a loop over a stack, not recursion, and each step points at its parent instead of copying
  // its path: a 64 kB JSON body can nest arrays thousands deep
  const pending: Visit[] = [{ value }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (hasForbiddenCharacter(visit.value)) return pathTo(visit);
      continue;
    }
    if (!isWalkable(visit.value)) continue;
    const entries: Array<[string, unknown]> = Object.entries(visit.value);
    if (entries.some(([key]) => hasForbiddenCharacter(key))) return pathTo(visit);
    // pushed last to first, so the first field in the request is the one reported
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      pending.push({ value: child, key, parent: visit });
    }
  }
  return undefined;
}

function pathTo(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Whether a value nests arrays or objects deeper than `max` levels; walked by a loop, never by recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (!isWalkable(visit.value)) continue;
    if (visit.depth >= max) return true;
    for (const child of Object.values(visit.value)) pending.push({ value: child, depth: visit.depth + 1 });
  }
  return false;
}

/**
 * The 400 for a request part nesting too deeply, or holding a forbidden character (naming its
 * field); undefined when it is clean.
 */
export function unsafeInputFailure(value: unknown): AppError | undefined {
  if (nestsDeeperThan(value, MAX_NESTING)) return validationFailed([{ path: [], message: TOO_DEEP_MESSAGE }]);
  const path = findForbiddenCharacter(value);
  return path && validationFailed([{ path, message: NOT_ALLOWED_MESSAGE }]);
}

// arrays and objects from JSON, and those of the query and path parsers, which are made without
// Object.prototype: hence "anything but bytes" rather than "a plain object". A raw-body route's
// Buffer is not walked.
function isWalkable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/**
 * fastify-type-provider-zod's validator, behind one check shared by every route: a string with a
 * forbidden character is a 400 naming its field before zod (or anything after it) sees it.
 */
export const safeValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const failure = unsafeInputFailure(data);
    return failure ? { error: failure } : validate(data);
  };
};
