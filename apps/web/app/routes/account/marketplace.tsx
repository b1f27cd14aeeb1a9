import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { formatMoney } from '@shop/core';
import type { Marketplace as MemberMarketplace } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { MARKETPLACE_ADD_FORM } from '../../components/account/forms';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import type { FormRefusal } from '../../lib/form-answer';
import { marketplaceAction } from './marketplace.server';
import type { Route } from './+types/marketplace';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { marketplace: await serverApi(request, context).marketplace() };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/daily/marketplace');
    // not a member (or no longer): the marketplace's own page says what it is and how to join
    if (isApiError(error) && error.status === 403) throw redirect('/marketplace');
    throw error;
  }
}

/** A test put in the cart, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return marketplaceAction(args);
}

export const meta = () => [{ title: 'Products marketplace | Base Daily' }];

const basisText: Record<MemberMarketplace['basis'], string> = {
  results: 'Chosen for your latest results, by the same rules as your daily meals.',
  goal: 'Chosen for the goal of your quiz, by the same rules as your daily meals.',
  general: 'Balanced everyday choices: once your results are in, they are chosen for them.',
};

/** A Base Daily member's products marketplace: tests at the member's price, the foods of their plan, supplements to discuss. */
export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { marketplace } = loaderData;
  const refusal = useActionData<FormRefusal>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-semibold text-brand">
        <Link to="/account/daily" className="underline">
          Base Daily
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Products marketplace</h1>
      <p className="mt-2 text-muted">{basisText[marketplace.basis]}</p>
      {refusal ? (
        <div className="mt-6">
          <Alert tone="error">{refusal.message}</Alert>
        </div>
      ) : null}

      <section aria-labelledby="tests-title" className="mt-8">
        <h2 id="tests-title" className="text-xl font-bold">
          Tests, 5% off with Base Daily
        </h2>
        {marketplace.tests.length === 0 ? (
          <p className="mt-2 text-muted">
            Nothing to test again for now. Take the{' '}
            <Link to="/quiz" className="font-semibold text-brand underline">
              quiz
            </Link>{' '}
            to find the test for your goal.
          </p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {marketplace.tests.map((test) => (
              <TestOffer key={`${test.productCode}:${test.testId ?? ''}`} test={test} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="foods-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="foods-title" className="text-xl font-bold">
          Foods for your plan
        </h2>
        <p className="mt-1 text-sm text-muted">
          Found at any grocery store; your{' '}
          <Link to="/account/daily" className="font-semibold text-brand underline">
            daily meals
          </Link>{' '}
          put them on the plate.
        </p>
        <ul className="mt-4 space-y-2">
          {marketplace.foods.map((food) => (
            <li key={food.id}>
              <span className="font-semibold">{food.name}</span>
              <span className="block text-sm text-muted">{food.why}</span>
            </li>
          ))}
        </ul>
      </section>

      {marketplace.supplements.length > 0 ? (
        <section aria-labelledby="supplements-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="supplements-title" className="text-xl font-bold">
            Supplements to discuss with your clinician
          </h2>
          <p className="mt-1 text-sm text-muted">
            We do not sell supplements: take this list to your doctor or clinician, who knows your health and your medicines.
          </p>
          <ul className="mt-4 space-y-3">
            {marketplace.supplements.map((supplement) => (
              <li key={supplement.id}>
                <span className="font-semibold">{supplement.name}</span>
                <span className="block text-sm text-muted">{supplement.why}</span>
                <span className="block text-sm">{supplement.note}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="mt-8 text-sm text-muted">
        Everything here is chosen inside the shop from your own plan, and bought, if you choose, through your cart here: no other company
        learns anything about you from this page.
      </p>
    </section>
  );
}

function TestOffer({ test }: { test: MemberMarketplace['tests'][number] }) {
  const navigation = useNavigation();
  const adding =
    navigation.state !== 'idle' &&
    navigation.formData?.get('productCode') === test.productCode &&
    navigation.formData.get('testId') === String(test.testId ?? '');
  return (
    <li className="flex flex-col rounded-2xl bg-white p-5 shadow-sm">
      <h3 className="font-bold">{test.title}</h3>
      <p className="mt-1 text-sm text-muted">{test.why}</p>
      <p className="mt-3">
        <span className="text-lg font-bold">{formatMoney(test.memberPriceCents)}</span>{' '}
        <span className="text-sm text-muted">
          <span className="sr-only">instead of</span> <s>{formatMoney(test.priceCents)}</s> with Base Daily
        </span>
      </p>
      <Form method="post" className="mt-auto pt-4">
        <input type="hidden" name="_form" value={MARKETPLACE_ADD_FORM} />
        <input type="hidden" name="productCode" value={test.productCode} />
        <input type="hidden" name="testId" value={test.testId ?? ''} />
        <Button type="submit" pending={adding} pendingLabel="Adding…" aria-label={`Add ${test.title} to cart`}>
          Add to cart
        </Button>
      </Form>
    </li>
  );
}
