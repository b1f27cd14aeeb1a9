import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { confirmDeletionAction } from './my-data.server';
import type { Route } from './+types/delete-confirm';

/** The link's token comes from the e-mail; the area's guard has sent a signed-out visitor to sign in and back. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export function action(args: Route.ActionArgs) {
  return confirmDeletionAction(args);
}

export const meta = () => [{ title: 'Confirm deleting your account | Base' }];

/**
 * Opening the link deletes nothing (a mail program that opens links to check them must not delete
 * an account): the member confirms with the button, signed in to the account that asked.
 */
export default function ConfirmAccountDeletion({ loaderData }: Route.ComponentProps) {
  const { fetcher, formRef, answer, pending } = useActionForm<FormAnswer>();
  if (answer?.ok) {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">Your account is deleted</h1>
        <Alert tone="info">{answer.message}</Alert>
        <Link to="/" className="mt-6 block font-semibold text-brand underline">
          Back to the shop
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Confirm deleting your account</h1>
      <p className="mt-4 text-muted">
        Your health data and everything that names you are deleted at once. Orders whose kit has not shipped yet are cancelled and refunded
        in full first. What the law makes us keep of your purchases (what was paid and refunded, with tax) is kept under a reference that no
        longer names you, without anything about your tests.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Confirm deleting my account"
      >
        <input type="hidden" name="token" value={loaderData.token} />
        {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Deleting…">
          Delete my account
        </Button>
      </fetcher.Form>
      <Link to="/account" className="mt-6 block text-center font-semibold text-brand underline">
        Keep my account
      </Link>
    </section>
  );
}
