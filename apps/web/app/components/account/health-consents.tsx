import { CONSENTS_ANCHOR, DELETE_ACCOUNT_PATH, healthDataConsentTexts, healthDataConsentKinds, isShareConsentKind } from '@shop/core';
import { Link } from 'react-router';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { Alert } from '../alert';
import { Button } from '../button';
import { GIVE_CONSENT_FORM, WITHDRAW_CONSENT_FORM } from './forms';
import { shopDay } from '../../lib/dates';

export interface ConsentRecord {
  kind: string;
  version: string;
  givenAt: string;
  withdrawnAt: string | null;
}

/**
 * The member's consents about their health data: for each kind, whether it is in force (and since
 * when), a button that withdraws it, or one that gives it again in core's words. Withdrawing stops
 * new processing under it; the page then points to the account's deletion, further down. The
 * consents to share (with a clinic, with an employer) are listed once the member has given them:
 * the order that shares asks for them (decision 0081).
 */
export function HealthConsents({ consents }: { consents: readonly ConsentRecord[] }) {
  const listed = healthDataConsentKinds.filter((kind) => !isShareConsentKind(kind) || consents.some((consent) => consent.kind === kind));
  const { fetcher, formRef, answer, pending } = useActionForm<FormAnswer>([WITHDRAW_CONSENT_FORM, GIVE_CONSENT_FORM]);
  const done = answer?.ok ? answer.message : null;
  const error = answer && !answer.ok ? (answer.message ?? null) : null;
  return (
    <section id={CONSENTS_ANCHOR} aria-labelledby="consents-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="consents-title" className="text-xl font-bold">
        Your health data consents
      </h2>
      {listed.map((kind) => {
        const words = healthDataConsentTexts[kind];
        const inForce = consents.find((consent) => consent.kind === kind && consent.withdrawnAt === null);
        const withdrawn = consents.find((consent) => consent.kind === kind && consent.withdrawnAt !== null);
        return (
          <article key={kind} aria-label={words.title} className="mt-4">
            <h3 className="font-semibold">{words.title}</h3>
            <p className="mt-1 text-sm text-muted">{words.text}</p>
            <p className="mt-2 text-sm">
              {inForce
                ? `Given on ${shopDay(inForce.givenAt)}.`
                : withdrawn?.withdrawnAt
                  ? `Withdrawn on ${shopDay(withdrawn.withdrawnAt)}. ${words.withdrawal}`
                  : 'Not given. The quiz asks for it before it saves your answers.'}
            </p>
            <fetcher.Form method="post" ref={formRef} className="mt-3">
              <input type="hidden" name="_form" value={inForce ? WITHDRAW_CONSENT_FORM : GIVE_CONSENT_FORM} />
              <input type="hidden" name="kind" value={kind} />
              {inForce ? null : <input type="hidden" name="version" value={words.version} />}
              <Button type="submit" variant="secondary" pending={pending} pendingLabel="Saving…">
                {inForce ? 'Withdraw my consent' : 'I agree to the words above'}
              </Button>
            </fetcher.Form>
          </article>
        );
      })}
      {done ? (
        <div className="mt-4">
          <Alert tone="info">{done}</Alert>
        </div>
      ) : null}
      {error ? (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <p className="mt-4 text-sm">
        What the shop already holds stays until you delete it:{' '}
        <Link to={DELETE_ACCOUNT_PATH} className="font-semibold text-brand underline">
          delete your account and its health data
        </Link>
        .
      </p>
    </section>
  );
}
