import { eq } from 'drizzle-orm';
import { textOutbox, type Executor } from '@shop/db';

/** A text message: to a US number, in plain words, never a health value. */
export interface TextMessage {
  /** E.164, `+1` and ten digits */
  to: string;
  /** which template wrote it (`results-callback`) */
  template: string;
  body: string;
}

/**
 * The one way the shop sends text messages: a provider's HTTP endpoint when configured, the
 * `text_outbox` table otherwise (where development, the operator and the tests read them). Either
 * way each sent text is a row, keyed by what asked for it: a second send under the same key (a
 * retried job) finds the row and sends nothing.
 */
export interface TextSender {
  readonly transport: 'outbox' | 'http';
  send(tx: Executor, message: TextMessage, dedupeKey: string): Promise<void>;
}

async function alreadySent(tx: Executor, dedupeKey: string): Promise<boolean> {
  const rows = await tx.select({ id: textOutbox.id }).from(textOutbox).where(eq(textOutbox.dedupeKey, dedupeKey));
  return rows.length > 0;
}

/** Texts kept in the table, as sent. */
export const outboxTexts: TextSender = {
  transport: 'outbox',
  async send(tx, message, dedupeKey) {
    await tx
      .insert(textOutbox)
      .values({ toNumber: message.to, template: message.template, body: message.body, status: 'stored', dedupeKey })
      .onConflictDoNothing({ target: textOutbox.dedupeKey });
  },
};

/**
 * Texts POSTed to a provider: `{ to, body }` with a bearer token and the dedupe key as the
 * Idempotency-Key (a provider that honours it sends a retried request once). A refusal or an
 * unreachable provider throws, and the job tries again later.
 */
export function httpTexts(provider: { url: string; token: string }, fetchImpl: typeof fetch = fetch): TextSender {
  return {
    transport: 'http',
    async send(tx, message, dedupeKey) {
      if (await alreadySent(tx, dedupeKey)) return;
      const response = await fetchImpl(provider.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${provider.token}`,
          'idempotency-key': dedupeKey,
        },
        body: JSON.stringify({ to: message.to, body: message.body }),
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the text provider answered ${response.status}`);
      const answer = (await response.json().catch(() => ({}))) as { id?: unknown };
      await tx
        .insert(textOutbox)
        .values({
          toNumber: message.to,
          template: message.template,
          body: message.body,
          status: 'sent',
          providerId: typeof answer.id === 'string' ? answer.id.slice(0, 200) : null,
          dedupeKey,
        })
        .onConflictDoNothing({ target: textOutbox.dedupeKey });
    },
  };
}

/** The sender the environment asks for: the provider when TEXT_PROVIDER_URL is set, the outbox otherwise. */
export function textSenderFrom(env: { TEXT_PROVIDER_URL?: string; TEXT_PROVIDER_TOKEN?: string }): TextSender {
  return env.TEXT_PROVIDER_URL && env.TEXT_PROVIDER_TOKEN
    ? httpTexts({ url: env.TEXT_PROVIDER_URL, token: env.TEXT_PROVIDER_TOKEN })
    : outboxTexts;
}

/**
 * A US phone number as a provider takes it (E.164), from what a person typed: "(555) 010-2030",
 * "555.010.2030", "+1 555 010 2030". Undefined for anything that is not ten digits after an optional 1.
 */
export function usTextNumber(typed: string | null | undefined): string | undefined {
  const digits = (typed ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{9}$/.test(national) ? `+1${national}` : undefined;
}
