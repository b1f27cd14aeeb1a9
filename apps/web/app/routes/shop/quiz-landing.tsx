import { isApiError } from '@shop/client/errors';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { serverApi } from '../../lib/api';
import type { Route } from './+types/quiz-landing';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { saved: await serverApi(request, context).latestQuizResult() };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { saved: null };
    throw error;
  }
}

export const meta = () => [{ title: 'Your quiz | Base' }];

export default function QuizLanding({ loaderData }: Route.ComponentProps) {
  const { saved } = loaderData;
  const navigate = useNavigate();

  async function retake() {
    // a fresh start: forget the answers of every quiz variant kept in this browser
    for (const key of Object.keys(window.localStorage)) if (key.startsWith('shop.quiz')) window.localStorage.removeItem(key);
    await navigate('/quiz');
  }

  if (!saved) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-extrabold">Find the right starter test</h1>
        <p className="mt-3 text-lg text-muted">Two minutes on your goal and how you feel, and we recommend one test to start with.</p>
        <Link to="/quiz" className="mt-8 inline-block rounded-full bg-brand px-7 py-3.5 font-semibold text-white hover:bg-brand-dark">
          Take the quiz
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold">Welcome back</h1>
      <p className="mt-3 text-lg text-muted">
        Last time we recommended the <strong className="text-ink">{saved.starterTest.title}</strong> for {saved.goal.name.toLowerCase()}.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={`/quiz-results?id=${saved.id}`} className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
          See my results
        </Link>
        <Button variant="secondary" onClick={retake}>
          Re-take quiz
        </Button>
      </div>
    </section>
  );
}
