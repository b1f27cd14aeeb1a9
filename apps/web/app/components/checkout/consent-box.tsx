import type { ReactNode } from 'react';
import { consentTexts, type ConsentKind } from '@shop/core';

/**
 * A consent an order needs (a later charge, each delivery, a membership's month, the lab's release),
 * its checkbox named as core names it, with its refusal under it, read out as it appears.
 */
export function ConsentBox({
  kind,
  field,
  error,
  children,
}: {
  kind?: ConsentKind;
  /** the checkbox's name for a consent that is not an order's (the consent to collect health data) */
  field?: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const name = field ?? (kind ? consentTexts[kind].field : 'consent');
  const errorId = `${name}-error`;
  return (
    <div className="mt-4">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name={name}
          className="mt-1 size-4 accent-brand"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{children}</span>
      </label>
      {/* read out as it appears, as a Field's error is */}
      <div aria-live="polite">
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
