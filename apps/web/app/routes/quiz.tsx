import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isAdult, quizAnswersSchema, quizGoals, type QuizAnswers } from '@shop/core';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { browserApi } from '../lib/api';
import { messageOf } from '../lib/errors';
import { useSavedState } from '../lib/saved-state';

export const meta = () => [{ title: 'Find your starter test | Base' }];

type Draft = Partial<QuizAnswers> & { step: number };

const sexOptions = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other / prefer not to say' },
] as const;

const questions = ['goal', 'sex', 'dateOfBirth'] as const;

export default function Quiz() {
  const navigate = useNavigate();
  const [draft, setDraft] = useSavedState<Draft>('shop.quiz', { step: 0 });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [underage, setUnderage] = useState(false);
  const step = Math.min(draft.step, questions.length - 1);
  const question = questions[step]!;
  const answered = draft[question] !== undefined && draft[question] !== '';

  const answer = (patch: Partial<QuizAnswers>) => {
    setError(undefined);
    setDraft({ ...draft, ...patch });
  };
  const go = (to: number) => {
    setError(undefined);
    setDraft({ ...draft, step: to });
  };

  async function finish() {
    const parsed = quizAnswersSchema.safeParse({ goal: draft.goal, sex: draft.sex, dateOfBirth: draft.dateOfBirth });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (!isAdult(parsed.data.dateOfBirth, new Date())) return setUnderage(true);
    setPending(true);
    try {
      const result = await browserApi().submitQuiz('quiz', parsed.data);
      window.localStorage.setItem('shop.quizResultId', result.id);
      navigate(`/quiz-results?id=${result.id}`);
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
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full rounded-full bg-slate-200"
      >
        <div className="h-2 rounded-full bg-brand transition-all" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-3 text-sm text-muted">
        Question {step + 1} of {questions.length}
      </p>
      <form
        className="mt-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!answered) return setError('Please answer this question to continue');
          if (step < questions.length - 1) go(step + 1);
          else void finish();
        }}
      >
        {question === 'goal' ? (
          <fieldset>
            <legend className="text-2xl font-bold">What would you most like to improve?</legend>
            <div className="mt-6 grid gap-3 sm:grid-cols-2">
              {quizGoals.map((goal) => (
                <Choice key={goal.slug} name="goal" value={goal.slug} label={goal.name} checked={draft.goal === goal.slug} onChange={() => answer({ goal: goal.slug })} />
              ))}
            </div>
          </fieldset>
        ) : null}
        {question === 'sex' ? (
          <fieldset>
            <legend className="text-2xl font-bold">What was your sex at birth?</legend>
            <p className="mt-2 text-muted">Reference ranges for some biomarkers depend on it.</p>
            <div className="mt-6 grid gap-3">
              {sexOptions.map((option) => (
                <Choice key={option.value} name="sex" value={option.value} label={option.label} checked={draft.sex === option.value} onChange={() => answer({ sex: option.value })} />
              ))}
            </div>
          </fieldset>
        ) : null}
        {question === 'dateOfBirth' ? (
          <div>
            <label htmlFor="dob" className="block text-2xl font-bold">
              When were you born?
            </label>
            <p className="mt-2 text-muted">Testing is for adults 18 and older.</p>
            <input
              id="dob"
              type="date"
              required
              max={new Date().toISOString().slice(0, 10)}
              value={draft.dateOfBirth ?? ''}
              onChange={(event) => answer({ dateOfBirth: event.target.value })}
              className="mt-6 block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
            />
          </div>
        ) : null}
        {error ? (
          <div className="mt-6">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
        <div className="mt-8 flex justify-between gap-3">
          <Button type="button" variant="secondary" disabled={step === 0 || pending} onClick={() => go(step - 1)}>
            Back
          </Button>
          <Button type="submit" pending={pending} pendingLabel="Finding your test…">
            {step < questions.length - 1 ? 'Next' : 'See my results'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Choice(props: { name: string; value: string; label: string; checked: boolean; onChange: () => void }) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3 font-medium ${
        props.checked ? 'border-brand bg-brand-soft' : 'border-slate-200 hover:border-slate-400'
      }`}
    >
      <input type="radio" name={props.name} value={props.value} checked={props.checked} onChange={props.onChange} className="h-4 w-4 accent-brand" />
      {props.label}
    </label>
  );
}
