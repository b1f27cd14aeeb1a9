import { useEffect, useRef, useState } from 'react';
import { data, Link, useFetcher } from 'react-router';
import {
  findQuizVariant,
  HEALTH_DATA_CONSENT_FIELD,
  healthDataConsentTexts,
  isAnswered,
  readPartner,
  unansweredRefusal,
  variantQuestions,
  type StepValue,
} from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { QuestionField, questionFocusId } from '../../components/quiz/question-field';
import { experimentVariant } from '../../lib/experiments.server';
import { pagePath } from '../../lib/page-path';
import { quizAction } from '../../lib/quiz-action.server';
import type { QuizDraftAnswers, QuizStepAnswer } from '../../lib/quiz-step';
import { useSavedState } from '../../lib/saved-state';
import type { Route } from './+types/quiz';

/** Every quiz route renders this module; the variant (questions, order, look) is data in core. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = pagePath(request).slice(1);
  // the plain /quiz takes part in the quiz experiment; the named variants are fixed
  const experiment = path === 'quiz' ? await experimentVariant(request, context, 'quiz') : null;
  const variant = findQuizVariant(experiment?.variant ?? path);
  if (!variant) throw data(null, { status: 404 });
  const partner = readPartner({ partner: url.searchParams.get('partner'), group: url.searchParams.get('group') });
  const body = { slug: variant.slug, partner: variant.requiresPartner ? (partner ?? null) : null };
  return experiment ? data(body, { headers: experiment.headers }) : body;
}

/** Each screen is sent here before the page's script runs or without it; with it, only the last. */
export function action(args: Route.ActionArgs) {
  return quizAction(args);
}

export const meta = ({ loaderData: loaded }: Route.MetaArgs) => [
  { title: `${(loaded && findQuizVariant(loaded.slug)?.heading) ?? 'Quiz'} | Base` },
  { name: 'description', content: 'Answer a few questions and get the starter test that fits your goal.' },
];

type Draft = { step: number; answers: QuizDraftAnswers; consent?: boolean };

const consentWords = healthDataConsentTexts.collect_health_data;

/** An answer as hidden fields: one per choice of a multi question. */
function listed(value: StepValue): string[] {
  return Array.isArray(value) ? value : value ? [value] : [];
}

export default function Quiz({ loaderData, actionData: sent }: Route.ComponentProps) {
  // `sent`: the screen the action answered with, when the page was sent without its script
  const fetcher = useFetcher<QuizStepAnswer>();
  const variant = findQuizVariant(sent?.slug ?? loaderData.slug)!;
  const questions = variantQuestions(variant);
  const [draft, setDraft, hydrated] = useSavedState<Draft>(
    `shop.quiz.${variant.slug}`,
    sent ? { step: sent.step, answers: sent.answers, consent: sent.consent === true } : { step: 0, answers: {} },
    sent !== undefined,
  );
  const [error, setError] = useState<string>();
  // the answer to the last sending by script, until the person moves on from it
  const [seen, setSeen] = useState<QuizStepAnswer>();
  // the page's own answer holds until the person moves on (the script may have started since)
  const [moved, setMoved] = useState(false);
  // set when Next or Back changes the screen: the new question then takes the focus, so it is read
  // out and Tab goes on from it (on the first screen and after a reload, focus stays where it is)
  const stepped = useRef(false);
  const reply = fetcher.data !== seen ? fetcher.data : undefined;
  const pending = fetcher.state !== 'idle';
  const step = Math.min(reply?.error ? reply.step : draft.step, questions.length - 1);
  const question = questions[step]!;
  const value = draft.answers[question.id];
  const answered = isAnswered(value);
  const last = step === questions.length - 1;
  // "Skip" only while the script can turn it into "Next" as boxes are ticked: without the script
  // the button sends whatever is ticked when pressed
  const skip = hydrated && !answered && question.optional === true;
  const shownError = error ?? reply?.error ?? (moved ? undefined : sent?.error);

  // leaving what was said behind: the local refusal, the action's last answer, the page's own
  const moveOn = () => {
    setError(undefined);
    setSeen(fetcher.data);
    setMoved(true);
  };
  const update = (next: Partial<Draft>) => {
    moveOn();
    if (next.step !== undefined && next.step !== step) stepped.current = true;
    setDraft({ ...draft, step, ...next });
  };

  useEffect(() => {
    if (!stepped.current) return;
    stepped.current = false;
    document.getElementById(questionFocusId(question))?.focus();
  }, [question]);

  if (reply?.underage || sent?.underage) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Thank you for your interest</h1>
        <p className="mt-4 text-lg text-muted">
          We are sorry, but we can only test people who are 18 or older. Nothing you entered has been saved.
        </p>
      </section>
    );
  }

  const progress = Math.round(((step + (answered ? 1 : 0)) / questions.length) * 100);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-sm font-semibold uppercase tracking-wide text-brand">{variant.heading}</h1>
      {step === 0 ? <p className="mt-2 text-muted">{variant.intro}</p> : null}
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-4 h-2 w-full rounded-full bg-slate-200"
      >
        <div className="h-2 rounded-full bg-brand transition-all" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-3 text-sm text-muted">
        Question {step + 1} of {questions.length}
      </p>
      <form
        method="post"
        className="mt-6"
        onSubmit={(event) => {
          // with the script, the screens change here and only the last one goes to the action
          event.preventDefault();
          // nothing goes on, nor is sent, before the consent to collect health data
          if (!draft.consent) return setError(consentWords.missing);
          const refusal = unansweredRefusal(question, value);
          if (refusal) return setError(refusal);
          if (!last) return update({ step: step + 1 });
          moveOn();
          void fetcher.submit(event.currentTarget, { method: 'post' });
        }}
      >
        <input type="hidden" name="_variant" value={variant.slug} />
        <input type="hidden" name="_at" value={step} />
        {loaderData.partner ? <input type="hidden" name="_partner" value={loaderData.partner} /> : null}
        {questions
          .filter((other) => other.id !== question.id)
          .flatMap((other) =>
            listed(draft.answers[other.id]).map((answer) => (
              <input key={`${other.id}=${answer}`} type="hidden" name={other.id} value={answer} />
            )),
          )}
        {step === 0 ? (
          <div className="mb-6 rounded-lg border border-line p-4">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name={HEALTH_DATA_CONSENT_FIELD}
                checked={draft.consent === true}
                onChange={(event) => update({ consent: event.target.checked })}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <span>{consentWords.text}</span>
            </label>
            <p className="mt-2 text-sm">
              <Link to="/consumer-health-data-privacy" className="font-semibold text-brand underline">
                Consumer health data privacy policy
              </Link>
            </p>
          </div>
        ) : draft.consent ? (
          <input type="hidden" name={HEALTH_DATA_CONSENT_FIELD} value="on" />
        ) : null}
        <QuestionField
          key={question.id}
          question={question}
          value={value}
          presentation={variant.presentation}
          onChange={(next) => update({ answers: { ...draft.answers, [question.id]: next } })}
        />
        {shownError ? (
          <div className="mt-6">
            <Alert tone="error">{shownError}</Alert>
          </div>
        ) : null}
        {/* Next comes first in the page, so Enter in a field moves on (a form's Enter presses its first
            button); the row is reversed to show Back on the left */}
        <div className="mt-8 flex flex-row-reverse justify-between gap-3">
          <Button type="submit" name="_step" value="next" pending={pending} pendingLabel="Finding your test…">
            {last ? 'See my results' : skip ? 'Skip' : 'Next'}
          </Button>
          <Button
            type="submit"
            name="_step"
            value="back"
            formNoValidate
            variant="secondary"
            disabled={step === 0 || pending}
            onClick={(event) => {
              event.preventDefault();
              update({ step: step - 1 });
            }}
          >
            Back
          </Button>
        </div>
        {step > 0 || Object.keys(draft.answers).length > 0 ? (
          // the answers are kept in this browser: starting over forgets them and shows the first question
          <p className="mt-6 text-center">
            <button
              type="submit"
              name="_step"
              value="restart"
              formNoValidate
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                update({ step: 0, answers: {}, consent: false });
                // on the first screen already, the button goes with the answers: the question takes the focus
                if (step === 0) document.getElementById(questionFocusId(question))?.focus();
              }}
              className="text-sm font-semibold text-brand underline disabled:cursor-not-allowed disabled:text-slate-400"
            >
              Start over
            </button>
          </p>
        ) : null}
      </form>
    </section>
  );
}
