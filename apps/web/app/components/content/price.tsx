import { formatMoney } from '@shop/core';

/** A price from the catalog, with the struck-through price when there is one. */
export function Price({
  cents,
  compareAtCents,
  suffix,
  className = '',
}: {
  cents: number;
  compareAtCents?: number;
  suffix?: string;
  className?: string;
}) {
  return (
    <p className={`font-extrabold ${className}`}>
      {compareAtCents ? (
        <>
          <s className="mr-2 font-normal text-muted">
            <span className="sr-only">Was </span>
            {formatMoney(compareAtCents)}
          </s>
          <span className="sr-only">now </span>
        </>
      ) : null}
      {formatMoney(cents)}
      {suffix ? <span className="text-base font-normal text-muted"> {suffix}</span> : null}
    </p>
  );
}
