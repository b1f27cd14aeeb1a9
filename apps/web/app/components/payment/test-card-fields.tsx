import { testCardsNote, type CardEntryField } from '@shop/core';
import { Alert } from '../alert';
import { Field } from '../field';

/** Each card field: its label, its width in the grid's four columns, its example and how it is typed. */
const fields = [
  {
    field: 'number',
    label: 'Card number',
    span: 'sm:col-span-4',
    example: '1234 1234 1234 1234',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
  },
  { field: 'expiry', label: 'Expiry (MM/YY)', span: 'sm:col-span-2', example: 'MM/YY', autoComplete: 'cc-exp' },
  { field: 'cvc', label: 'Security code', span: 'sm:col-span-2', example: 'CVC', inputMode: 'numeric', autoComplete: 'cc-csc' },
] as const satisfies ReadonlyArray<{
  field: CardEntryField;
  label: string;
  span: string;
  example: string;
  inputMode?: 'numeric';
  autoComplete: string;
}>;

/**
 * The built-in test gateway's card fields: number, expiry and security code, with ids
 * `{idPrefix}-number`… (read by `typedCard`) and no name: the card goes from the page's script to
 * the gateway, never with a form to the page's server.
 */
export function TestCardFields({
  idPrefix,
  errors = {},
  className,
  placeholders = true,
}: {
  idPrefix: string;
  errors?: Partial<Record<CardEntryField, string | undefined>>;
  className: string;
  /** the number's and the code's example in the field (the expiry's format is always shown) */
  placeholders?: boolean;
}) {
  return (
    <div className={className}>
      {fields.map(({ field, label, span, example, ...input }) => (
        <Field
          key={field}
          className={span}
          label={label}
          id={`${idPrefix}-${field}`}
          placeholder={field === 'expiry' || placeholders ? example : undefined}
          error={errors[field]}
          {...input}
        />
      ))}
    </div>
  );
}

/** Test mode's note of the cards to use, where a card is paid with or saved. */
export function TestCardsNote({ use = 'pay' }: { use?: 'pay' | 'save' }) {
  return <Alert tone="warning">{testCardsNote(use)}</Alert>;
}
