import { onEvent } from '../events/bus.ts';
import type { TextSender } from '../texts/port.ts';
import { findAttempt } from './holds-repository.ts';

/**
 * What a clinician's text says: who asks and that they should call back, nothing about the
 * results (a text may be read by anyone holding the phone, and rests at the provider).
 */
export const callBackText = (publicUrl: string) =>
  `Base: a clinician from Base would like to speak with you about your recent order. Please call us back at this number, or sign in at ${publicUrl}/account. Reply STOP to opt out.`;

/** A clinician's text attempt goes out, once per attempt, from the queue (off the clinician's request). */
export const sendCallBackText = (texts: TextSender, publicUrl: string) =>
  onEvent({
    name: 'results.send-callback-text',
    on: 'results.outreach_attempted',
    mode: 'queued',
    async handle(tx, { payload }) {
      if (payload.channel !== 'text') return;
      const attempt = await findAttempt(tx, payload.attemptId);
      if (!attempt?.toNumber) return;
      await texts.send(tx, { to: attempt.toNumber, template: 'results-callback', body: callBackText(publicUrl) }, `callback:${attempt.id}`);
    },
  });
