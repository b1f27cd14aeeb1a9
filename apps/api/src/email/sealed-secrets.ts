import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EmailMessage } from './port.ts';

/**
 * An e-mail as it may rest in the database (a queued job, the outbox): each of its secrets is
 * replaced by a `[hidden N]` mark, and the secrets themselves travel in `sealed`, encrypted with
 * the application's key. A database dump, a backup or a staff screen shows no usable link or code.
 */
export interface SealedEmail extends Omit<EmailMessage, 'secrets'> {
  sealed?: string;
}

export interface SecretSealer {
  /** the message with its secrets hidden and sealed; one without secrets comes back as it is */
  seal(message: EmailMessage): SealedEmail;
  /** the message as it is sent: its secrets back in place */
  open(stored: SealedEmail): EmailMessage;
  /**
   * A secret the shop must use again later (a clinic's webhook signing secret), sealed the same
   * way for a column of its own, under a key derived for that use alone.
   */
  sealValue(plain: string): string;
  openValue(sealed: string): string;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
const mark = (index: number) => `[hidden ${index + 1}]`;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The sealer of the shop whose secret is `applicationSecret` (AUTH_SECRET); its key is derived for
 * this use alone. What a `previous` secret (AUTH_SECRET_PREVIOUS) sealed still opens; new values
 * are sealed under the current one.
 */
export function createSecretSealer(applicationSecret: string, previous: readonly string[] = []): SecretSealer {
  const derive = (info: string) => (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'base-shop', info, 32));
  const [key, ...previousKeys] = [applicationSecret, ...previous].map(derive('email-secrets')) as [Buffer, ...Buffer[]];
  const [valueKey, ...previousValueKeys] = [applicationSecret, ...previous].map(derive('stored-secrets')) as [Buffer, ...Buffer[]];

  const encrypt = (plain: string, key: Buffer): string => {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
  };
  const decryptWith = (sealed: string, key: Buffer): string => {
    const [version, payload = ''] = sealed.split('.', 2);
    if (version !== VERSION) throw new Error(`unknown sealed secret version ${version}`);
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  };
  // the current key first; a value sealed before a rotation opens with the previous key that sealed it
  const decrypt = (sealed: string, keys: readonly Buffer[]): string => {
    const [first, ...rest] = keys;
    if (!first) throw new Error('no key to open a sealed secret with');
    try {
      return decryptWith(sealed, first);
    } catch (error) {
      if (rest.length === 0) throw error;
      return decrypt(sealed, rest);
    }
  };

  return {
    seal(message) {
      const { secrets = [], ...rest } = message;
      if (secrets.length === 0) return rest;
      // the longest first: a link that holds the code is hidden whole, not around a hidden code
      const ordered = secrets.map((secret, index) => ({ secret, index })).sort((a, b) => b.secret.length - a.secret.length);
      const hide = (content: string, encode: (value: string) => string) =>
        ordered.reduce((hidden, { secret, index }) => hidden.replaceAll(encode(secret), mark(index)), content);
      return {
        ...rest,
        text: hide(rest.text, (value) => value),
        html: hide(hide(rest.html, escapeHtml), (value) => value),
        sealed: encrypt(JSON.stringify(secrets), key),
      };
    },
    open(stored) {
      const { sealed, ...rest } = stored;
      if (!sealed) return rest;
      const secrets = JSON.parse(decrypt(sealed, [key, ...previousKeys])) as string[];
      const reveal = (content: string, encode: (value: string) => string) =>
        secrets.reduce((shown, secret, index) => shown.replaceAll(mark(index), encode(secret)), content);
      return { ...rest, text: reveal(rest.text, (value) => value), html: reveal(rest.html, escapeHtml), secrets };
    },
    sealValue: (plain) => encrypt(plain, valueKey),
    openValue: (sealed) => decrypt(sealed, [valueKey, ...previousValueKeys]),
  };
}
