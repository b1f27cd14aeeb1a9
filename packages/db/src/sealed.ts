import { customType } from 'drizzle-orm/pg-core';

/**
 * Seals and opens one value of a sealed column (decision 0072). The application gives it with its
 * keys (apps/api's results cipher); `context` names the column, and is authenticated with the
 * value, so a sealed value copied into another column no longer opens.
 */
export interface ColumnSealer {
  /** the id of the key new values are sealed with */
  readonly keyId: string;
  /** the ids of every key this sealer opens with, the current one first */
  readonly keyIds: readonly string[];
  seal(plaintext: string, context: string): string;
  /** throws when the key named in the value is not one of this sealer's, or anything was changed */
  open(keyId: string, ciphertext: string, context: string): string;
}

/**
 * The sealers installed, latest last: the latest seals, and a value opens with the first that knows
 * its key. A process holds one (the app's); a test process may hold a few apps at once, each with
 * its own, and each app removes its own when it closes.
 */
const installed: ColumnSealer[] = [];

/** Installs the application's keys for the sealed columns; the answer removes them again. */
export function installColumnSealer(sealer: ColumnSealer): () => void {
  installed.push(sealer);
  return () => {
    const at = installed.lastIndexOf(sealer);
    if (at >= 0) installed.splice(at, 1);
  };
}

export class SealedColumnError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedColumnError';
  }
}

/** A sealed value as stored: the key's id, a dot, the ciphertext (base64url holds no dot). */
export function sealedValue(keyId: string, ciphertext: string): string {
  return `${keyId}.${ciphertext}`;
}

/** The key id and ciphertext of a stored value. */
export function splitSealed(stored: string): { keyId: string; ciphertext: string } {
  const dot = stored.indexOf('.');
  if (dot <= 0) throw new SealedColumnError('A sealed value names no key');
  return { keyId: stored.slice(0, dot), ciphertext: stored.slice(dot + 1) };
}

export function sealWith(sealer: ColumnSealer, plaintext: string, context: string): string {
  return sealedValue(sealer.keyId, sealer.seal(plaintext, context));
}

export function openWith(sealer: ColumnSealer, stored: string, context: string): string {
  const { keyId, ciphertext } = splitSealed(stored);
  return sealer.open(keyId, ciphertext, context);
}

function sealNow(plaintext: string, context: string): string {
  const sealer = installed.at(-1);
  if (!sealer) throw new SealedColumnError(`${context} is sealed: writing it needs the application's keys, and none are installed`);
  return sealWith(sealer, plaintext, context);
}

function openNow(stored: string, context: string): string {
  const { keyId } = splitSealed(stored);
  const sealer = installed.find((candidate) => candidate.keyIds.includes(keyId));
  if (!sealer) throw new SealedColumnError(`${context} is sealed with the key ${keyId}, which none of the installed keys is`);
  return openWith(sealer, stored, context);
}

/** A text column sealed at rest: the app reads and writes its clear text, the database holds only the sealed value. */
export const sealedText = (context: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => sealNow(value, context),
    fromDriver: (value) => openNow(value, context),
  });

/** A JSON value sealed at rest, as a text column. */
export const sealedJson = <T>(context: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => sealNow(JSON.stringify(value), context),
    fromDriver: (value) => JSON.parse(openNow(value, context)) as T,
  });
