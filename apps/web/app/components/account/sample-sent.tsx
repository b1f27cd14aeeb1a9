import { Alert } from '../alert';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { SAMPLE_SENT_FORM } from './forms';

/**
 * A registered kit's "I have posted my sample": the shop then looks for a sample that does not
 * reach the lab (decision 0066). One form per kit, told apart by its kit, sent to the order page's
 * action with or without the page's script.
 */
export function SampleSent({ kit }: { kit: { kitSlug: string; title: string } }) {
  const { fetcher, formRef, answer, pending } = useActionForm<FormAnswer>(SAMPLE_SENT_FORM, undefined, kit.kitSlug);
  return (
    <fetcher.Form ref={formRef} method="post" className="mt-3">
      <input type="hidden" name="_form" value={SAMPLE_SENT_FORM} />
      <input type="hidden" name="kitSlug" value={kit.kitSlug} />
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className="rounded-full border border-brand px-4 py-1.5 text-sm font-semibold text-brand-dark disabled:opacity-60"
      >
        I have posted my sample<span className="sr-only"> of the {kit.title}</span>
      </button>
      <div aria-live="polite" className="mt-2">
        {answer && !answer.ok ? <Alert tone="error">{answer.message}</Alert> : null}
      </div>
    </fetcher.Form>
  );
}
