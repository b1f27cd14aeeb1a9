import { orderRefusal, saleKindOf, stateNames, stateNotice, usStates, type UsState } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';
import { useHydrated } from '../../lib/use-hydrated';

/** The id of the small form that sends the state without the page's script: the page again, with `?testedState=`. */
export const TESTED_STATE_FORM_ID = 'checkout-tested-state';

export const TESTED_STATE_REQUIRED = 'Please choose the state where the person tested lives';

const selectClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base';

/** Whether the cart holds a test, which is sold only where the person tested lives allows it. */
export function cartNeedsState(items: ReadonlyArray<{ productCode: string }>): boolean {
  return items.some((item) => saleKindOf(item.productCode) === 'test');
}

export function asUsState(value: string | null | undefined): UsState | undefined {
  return (usStates as readonly string[]).includes(value ?? '') ? (value as UsState) : undefined;
}

/** What the page says of a state before payment: a refusal (nothing to pay for), a notice, or nothing. */
export function stateVerdict(state: UsState | undefined, items: ReadonlyArray<{ productCode: string }>) {
  if (!state) return { refusal: undefined, notice: undefined };
  return {
    refusal: orderRefusal(
      state,
      items.map((item) => item.productCode),
    )?.message,
    notice: stateNotice(state),
  };
}

/**
 * "Where does the person tested live?", before the card: the shop may sell tests only where the
 * law allows (docs/decisions/0060-where-tests-are-sold.md). With the page's script the answer
 * shows at once; without it, the small form reloads the page with the state chosen.
 */
export function TestedStateStep({
  state,
  onChange,
  items,
  error,
}: {
  state: UsState | undefined;
  onChange: (state: UsState | undefined) => void;
  items: ReadonlyArray<{ productCode: string }>;
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  const { refusal, notice } = stateVerdict(state, items);
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
      <legend className="float-left w-full text-lg font-bold">Where the person tested lives</legend>
      <div className="clear-both pt-3">
        <label htmlFor="testedState" className="block text-sm font-semibold">
          State
        </label>
        <select
          id="testedState"
          name="testedState"
          form={hydrated ? undefined : TESTED_STATE_FORM_ID}
          value={state ?? ''}
          onChange={(event) => onChange(asUsState(event.target.value))}
          className={selectClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'testedState-error' : undefined}
        >
          <option value="" disabled>
            Choose…
          </option>
          {usStates.map((code) => (
            <option key={code} value={code}>
              {stateNames[code].replace(/^the /, '')}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-muted">Some states do not allow lab tests bought online: we ask before you pay.</p>
        <div aria-live="polite">
          {error ? (
            <p id="testedState-error" className="mt-1 text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
        </div>
        {hydrated ? null : (
          <Button type="submit" form={TESTED_STATE_FORM_ID} variant="secondary" className="mt-3">
            Check this state
          </Button>
        )}
      </div>
      {refusal ? (
        <div className="mt-4">
          <Alert tone="error">{refusal}</Alert>
        </div>
      ) : notice ? (
        <div className="mt-4">
          <Alert tone="info">{notice}</Alert>
        </div>
      ) : null}
    </fieldset>
  );
}
