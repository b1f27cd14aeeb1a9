import { useState } from 'react';
import { data, useNavigate } from 'react-router';
import { findQuizVariant, isAdult, readPartner, variantQuestions, type QuizAnswerSet } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { QuestionField } from '../../components/quiz/question-field';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { quizExperimentFor } from '../../lib/experiments.server';
import { pagePath } from '../../lib/page-path';
import { useSavedState } from '../../lib/saved-state';
import type { Route } from './+types/quiz';

/** Every quiz route renders this module; the variant (questions, order, look) is data in core. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = pagePath(request).slice(1);
  // the plain /quiz takes part in the quiz experiment; the named variants are fixed
  const experiment = path === 'quiz' ? quizExperimentFor(request) : null;
  const variant = findQuizVariant(experiment?.slug ?? path);
  if (!variant) throw data(null, { status: 404 });
  const partner = readPartner({ partner: url.searchParams.get('partner'), group: url.searchParams.get('group') });
  const body = { slug: variant.slug, partner: variant.requiresPartner ? (partner ?? null) : null };
  return experiment?.setCookie ? data(body, { headers: { 'Set-Cookie': experiment.setCookie } }) : body;
}

export const meta = ({ data: loaded }: Route.MetaArgs) => [
  { title: `${(loaded && findQuizVariant(loaded.slug)?.heading) ?? 'Quiz'} | Base` },
  { name: 'description', content: 'Answer a few questions and get the starter test that fits your goal.' },
];

type Draft = { step: number; answers: QuizAnswerSet };

export default function Quiz({ loaderData }: Route.ComponentProps) {
  const variant = findQuizVariant(loaderData.slug)!;
  const questions = variantQuestions(variant);
  const navigate = useNavigate();
  const [draft, setDraft] = useSavedState<Draft>(`shop.quiz.${variant.slug}`, { step: 0, answers: {} });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [underage, setUnderage] = useState(false);
  const step = Math.min(draft.step, questions.length - 1);
  const question = questions[step]!;
  const value = draft.answers[question.id] as string | string[] | undefined;
  const answered = Array.isArray(value) ? value.length > 0 : Boolean(value);
  const last = step === questions.length - 1;

  const update = (next: Partial<Draft>) => {
    setError(undefined);
    setDraft({ ...draft, ...next });
  };

  async function finish() {
    const answers: QuizAnswerSet = { ...draft.answers, ...(loaderData.partner ? { partner: loaderData.partner } : {}) };
    if (answers.dateOfBirth && !isAdult(answers.dateOfBirth, new Date())) return setUnderage(true);
    setPending(true);
    try {
      const result = await browserApi().submitQuiz(variant.slug, answers);
      await navigate(`${variant.resultsPath}?id=${result.id}`);
    } catch (failure) {
      setError(messageOf(failure, 'We could not save your answers. Please try again.'));
      setPending(false);
    }
  }

  if (underage) {
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
          event.preventDefault();
          if (!answered && !question.optional) return setError('Please answer this question to continue');
          if (last) void finish();
          else update({ step: step + 1 });
        }}
      >
        <QuestionField
          key={question.id}
          question={question}
          value={value}
          presentation={variant.presentation}
          onChange={(next) => update({ answers: { ...draft.answers, [question.id]: next } })}
        />
        {error ? (
          <div className="mt-6">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
        <div className="mt-8 flex justify-between gap-3">
          <Button type="button" variant="secondary" disabled={step === 0 || pending} onClick={() => update({ step: step - 1 })}>
            Back
          </Button>
          <Button type="submit" pending={pending} pendingLabel="Finding your test…">
            {last ? 'See my results' : !answered && question.optional ? 'Skip' : 'Next'}
          </Button>
        </div>
      </form>
    </section>
  );
}
