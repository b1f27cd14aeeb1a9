import { data, redirect, type ActionFunctionArgs } from 'react-router';
import {
  answersSchemaFor,
  findQuizVariant,
  HEALTH_DATA_CONSENT_FIELD,
  healthDataConsentTexts,
  isAdult,
  quizExperimentVariants,
  quizStepRefusal,
  readPartner,
  variantQuestions,
  type QuizVariant,
} from '@shop/core';
import { messageOf } from './errors';
import { actionApi, formText } from './form.server';
import { pagePath } from './page-path';
import type { QuizDraftAnswers, QuizStepAnswer } from './quiz-step';

export const QUIZ_FAILED_MESSAGE = 'We could not save your answers. Please try again.';

/**
 * The variant a step was answered in: the page's own, or on /quiz the one of the experiment the
 * visitor was shown (the form names it, so a lost `exp` cookie does not switch quizzes midway).
 */
function answeredVariant(request: Request, form: FormData): QuizVariant | undefined {
  const path = pagePath(request).slice(1);
  const named = formText(form, '_variant');
  const allowed: readonly string[] = path === 'quiz' ? quizExperimentVariants : [path];
  return allowed.includes(named) ? findQuizVariant(named) : undefined;
}

/** The answers a form carries: the variant's questions only, a multi question's choices as a list, nothing empty. */
export function readQuizAnswers(form: FormData, variant: QuizVariant): QuizDraftAnswers {
  const answers: QuizDraftAnswers = {};
  for (const question of variantQuestions(variant)) {
    if (question.kind === 'multi') {
      const chosen = form.getAll(question.id).filter((value): value is string => typeof value === 'string' && value !== '');
      if (chosen.length > 0) answers[question.id] = chosen;
    } else {
      const value = formText(form, question.id);
      if (value !== '') answers[question.id] = value;
    }
  }
  return answers;
}

/**
 * The action of every quiz page: one screen of the quiz, sent with the answers so far (the
 * screens before and after it ride along as hidden fields; nothing of them goes in the address).
 * Back shows the screen before; Start over the first, empty; Next refuses any screen while the
 * first screen's consent to collect health data is not ticked, checks the screen's answer with core's rules and shows the
 * next one, or on the last screen checks all of them and stores them through the API as the
 * visitor, whose browser then gets the quiz cookie with the redirect to its results. The page's
 * script asks only for the last screen; before it runs, or without it, every screen comes here.
 */
export async function quizAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const variant = answeredVariant(request, form);
  if (!variant) throw data(null, { status: 404 });
  const questions = variantQuestions(variant);
  const at = Math.min(Math.max(Number.parseInt(formText(form, '_at'), 10) || 0, 0), questions.length - 1);
  const answers = readQuizAnswers(form, variant);
  // the consent to collect health data, ticked on the first screen and carried on the later ones
  const consent = form.get(HEALTH_DATA_CONSENT_FIELD) === 'on';
  const answer = (step: number, more: Partial<QuizStepAnswer> = {}): QuizStepAnswer => ({
    slug: variant.slug,
    step,
    answers,
    consent,
    ...more,
  });
  const consentMissing = () => data(answer(0, { error: healthDataConsentTexts.collect_health_data.missing }), { status: 400 });

  if (formText(form, '_step') === 'back') return data(answer(Math.max(at - 1, 0)));
  // "Start over": the first screen, with nothing of the answers sent back
  if (formText(form, '_step') === 'restart') return data({ ...answer(0), answers: {}, consent: false });
  if (!consent) return consentMissing();
  const question = questions[at]!;
  const refusal = quizStepRefusal(question, answers[question.id]);
  if (refusal) return data(answer(at, { error: refusal }), { status: 400 });
  if (at < questions.length - 1) return data(answer(at + 1));

  // the last screen: every answer again, as the API will check them (a hand-made post may skip a screen)
  const partner = variant.requiresPartner === true ? readPartner({ partner: formText(form, '_partner') }) : undefined;
  const checked = answersSchemaFor(variant).safeParse(partner ? { ...answers, partner } : answers);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const wrong = questions.findIndex((candidate) => candidate.id === issue?.path[0]);
    return data(answer(wrong >= 0 ? wrong : at, { error: issue?.message ?? QUIZ_FAILED_MESSAGE }), { status: 400 });
  }
  // a minor's answers are neither stored nor sent back
  if (checked.data.dateOfBirth && !isAdult(checked.data.dateOfBirth, new Date()))
    return data({ ...answer(at), answers: {}, underage: true });

  const { api, cookies } = actionApi(request, context);
  try {
    const words = healthDataConsentTexts.collect_health_data;
    const result = await api.submitQuiz(variant.slug, checked.data, { kind: words.kind, version: words.version });
    // the API's quiz cookie goes with the redirect: the results page reads the result by it
    return redirect(`${variant.resultsPath}?id=${result.id}`, { headers: cookies });
  } catch (error) {
    return data(answer(at, { error: messageOf(error, QUIZ_FAILED_MESSAGE) }), { status: 400 });
  }
}
