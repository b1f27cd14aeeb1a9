import { AFFILIATE_MAX_COMMISSION_CENTS, formatMoney, FRIEND_DISCOUNT_PERCENT, REFERRAL_REWARD_CENTS, type Point } from '@shop/core';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { NewPasswordField } from '../../components/account/new-password-field';
import { Field } from '../../components/field';
import { ReferralArt } from '../../components/partners/art';
import { TextArea } from '../../components/text-area';
import { useActionForm, type FormRefusal } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import { useSessionUser } from '../../components/nav/use-session';
import { applyAction, type ApplicationReceived } from './affiliate-program.server';
import { APPLY_AS_MEMBER } from './affiliate-program-forms';
import type { Route } from './+types/affiliate-program';

/** An application is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return applyAction(args);
}

const commission = formatMoney(AFFILIATE_MAX_COMMISSION_CENTS).replace('.00', '');

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Affiliate program',
    description: `Earn up to ${commission} per referred customer. Your audience gets ${FRIEND_DISCOUNT_PERCENT}% off their first test.`,
    path: '/affiliate-program',
  });

const steps: Point[] = [
  {
    title: 'Apply, get your code',
    text: 'Apply below. Once we approve you, we give you a code and a link of your own. Your link opens a page with your name on it, so your audience knows it is you.',
  },
  {
    title: 'Share it',
    text: `On your podcast, newsletter, channel or in your clinic. Everyone who uses it gets ${FRIEND_DISCOUNT_PERCENT}% off their first test.`,
  },
  {
    title: 'Earn per customer',
    text: `You earn up to ${commission} for every customer you refer, depending on what they buy.`,
  },
];

const fit: Point[] = [
  {
    title: 'Creators and writers',
    text: 'Health, fitness, nutrition, parenting or work-life: if your audience asks why they feel tired, we can help.',
  },
  { title: 'Coaches and trainers', text: 'Lab results give your clients a starting point and a way to see progress.' },
  { title: 'Communities', text: 'Member groups, employee networks and clubs that want a perk worth using.' },
];

export default function AffiliateProgram() {
  return (
    <>
      <PageHero
        eyebrow="Affiliate program"
        title={`Earn up to ${commission} for every customer you refer`}
        intro={`Share at-home lab tests with a plan that follows the results. Your audience gets ${FRIEND_DISCOUNT_PERCENT}% off their first test; you earn a commission on every customer.`}
        art={<ReferralArt className="w-full" />}
      >
        <div className="flex flex-wrap gap-3">
          <a href="#apply" className="btn btn-primary">
            Apply now
          </a>
          <a href="#how" className="btn btn-secondary">
            See how it works
          </a>
          <Link to="/affiliate/FIXMYDIET" className="btn btn-secondary">
            See an example page
          </Link>
        </div>
        <p className="mt-4 text-sm text-muted">
          Already an affiliate?{' '}
          <Link to={`/sign-in?next=${encodeURIComponent('/affiliate/dashboard')}`} className="font-semibold text-brand underline">
            Sign in to your dashboard
          </Link>
          .
        </p>
      </PageHero>
      <Points heading="How it works" id="how" points={steps} numbered />
      <Points heading="Who it is for" id="fit" points={fit} />
      <ApplicationForm />
      <section aria-labelledby="more" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="more" className="text-2xl font-bold">
          Other ways to share Base
        </h2>
        <ul className="mt-4 space-y-2 text-muted">
          <li>
            Customers: give a friend {FRIEND_DISCOUNT_PERCENT}% off and get a {formatMoney(REFERRAL_REWARD_CENTS).replace('.00', '')} gift
            card when they order.
          </li>
          <li>
            Know a practitioner who should use Base?{' '}
            <Link to="/practitioners-referral" className="font-semibold text-brand underline">
              Refer a provider
            </Link>{' '}
            and earn {formatMoney(REFERRAL_REWARD_CENTS).replace('.00', '')}.
          </li>
        </ul>
      </section>
    </>
  );
}

type Answer = FormRefusal | ApplicationReceived;

/**
 * The application: the applicant's account is made with it, and an operator reviews it. A customer
 * signed in already applies with their own account (the page is the same for everyone when built:
 * who is signed in is known once the browser asks).
 */
function ApplicationForm() {
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<Answer>();
  const user = useSessionUser();
  const member = user?.role === 'customer' ? user : null;
  if (answer?.ok) {
    return (
      <section aria-labelledby="apply" className="mx-auto max-w-3xl scroll-mt-24 px-4 pb-16">
        <h2 id="apply" className="text-2xl font-bold">
          Application received
        </h2>
        <div className="mt-4" aria-live="polite">
          <Alert tone="info">
            {answer.email
              ? `Thank you, ${answer.name}. We review every application by hand and write to ${answer.email} once we have decided. Your account is ready: sign in with this address and your password to see where your application stands.`
              : `Thank you, ${answer.name}. We review every application by hand and write to you once we have decided. Your dashboard shows where your application stands.`}
          </Alert>
        </div>
        <Link to="/affiliate/dashboard" className="btn btn-secondary mt-6">
          See your application
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="apply" className="mx-auto max-w-3xl scroll-mt-24 px-4 pb-16">
      <h2 id="apply" className="text-2xl font-bold">
        Apply to the affiliate program
      </h2>
      <p className="mt-2 text-muted">
        {member
          ? `Tell us who you are and how you would share Base. You apply with your account, ${member.email}: once we approve you, it opens your affiliate dashboard.`
          : 'Tell us who you are and how you would share Base. You make your account as you apply: once we approve you, the same e-mail address and password open your affiliate dashboard.'}
      </p>
      {member ? null : (
        <p className="mt-2 text-sm text-muted">
          Have an account with us already?{' '}
          <Link to={`/sign-in?next=${encodeURIComponent('/affiliate-program#apply')}`} className="font-semibold text-brand underline">
            Sign in and apply with it
          </Link>
          .
        </p>
      )}
      <fetcher.Form ref={formRef} method="post" noValidate className="mt-6 grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={values.name}
          error={errors.name}
          className={member ? 'sm:col-span-2' : undefined}
        />
        {member ? (
          <input type="hidden" name="applyAs" value={APPLY_AS_MEMBER} />
        ) : (
          <>
            <Field label="E-mail address" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
            <NewPasswordField error={errors.password} className="sm:col-span-2" />
          </>
        )}
        <Field
          label="Your audience or website"
          name="website"
          defaultValue={values.website}
          error={errors.website}
          hint="A website, a channel, a newsletter or a handle, and roughly how many people follow it."
          className="sm:col-span-2"
        />
        <TextArea
          label="How would you promote Base?"
          name="promotion"
          defaultValue={values.promotion}
          error={errors.promotion}
          className="sm:col-span-2"
        />
        <div aria-live="polite" className="empty:hidden sm:col-span-2">
          {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" className="w-full sm:w-auto" pending={pending} pendingLabel="Sending your application…">
            Apply
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
