import type { StatementObserver } from '@shop/db';
import { inSpan, SpanKind } from './tracer.ts';

const OPERATIONS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'WITH',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'LOCK',
  'SET',
  'SHOW',
  'VACUUM',
  'ANALYZE',
  'COPY',
]);
// the first table a statement names after from, into or update, quoted or not, schema-qualified or not
const TABLE = /\b(?:from|into|update)\s+(?:"?[a-z_][a-z0-9_$]*"?\s*\.\s*)?"?([a-z_][a-z0-9_$]*)"?/i;

export interface StatementKind {
  /** its first keyword, upper case (OTHER when it is none the list knows) */
  operation: string;
  /** the first table it names, when it names one */
  table?: string;
}

/**
 * What a statement is, from its text: its operation and the first table it names, made of
 * identifier characters only. The text itself is never recorded: the shop's statements carry
 * their values as parameters, but a hand-written one may hold a literal.
 */
export function describeStatement(text: string): StatementKind {
  const start = text.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  const word = /^[a-z]+/i.exec(start)?.[0].toUpperCase() ?? '';
  const operation = OPERATIONS.has(word) ? word : 'OTHER';
  const table = TABLE.exec(start)?.[1]?.toLowerCase();
  return table ? { operation, table } : { operation };
}

/** A span per statement: "SELECT orders", a child of the request's or job's span. */
export const traceStatement: StatementObserver = (text, run) => {
  const { operation, table } = describeStatement(text);
  return inSpan(
    table ? `${operation} ${table}` : operation,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, ...(table ? { 'db.collection.name': table } : {}) },
    },
    run,
  );
};
