import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { FormRefusal } from '../alert';
import { Button } from '../button';
import { ADD_PROGRAM_FORM } from './forms';

/**
 * The button that puts the Improvement Program in the cart from one of the order's pages, at its
 * price, with the action's refusal above it.
 */
export function AddProgramForm({ offer }: { offer: { productCode: string; price: string } }) {
  const { fetcher, answer, pending } = useActionForm<FormAnswer>(ADD_PROGRAM_FORM);
  const error = answer && !answer.ok ? answer.message : undefined;
  return (
    <>
      <FormRefusal message={error} />
      <fetcher.Form method="post">
        <input type="hidden" name="_form" value={ADD_PROGRAM_FORM} />
        <input type="hidden" name="productCode" value={offer.productCode} />
        <Button type="submit" className="mt-4" pending={pending} pendingLabel="Adding…">
          Add the program for {offer.price}
        </Button>
      </fetcher.Form>
    </>
  );
}
