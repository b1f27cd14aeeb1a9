import { clinicOrderStageLabels } from '@shop/core';
import type { ProviderOrder } from '@shop/client';
import { calendarShortDay } from '../../lib/dates';

type Track = NonNullable<ProviderOrder['track']>;

function nextText(next: NonNullable<Track['next']>): string {
  return next.from === next.to
    ? `${next.label} ${calendarShortDay(next.from)}`
    : `${next.label} ${calendarShortDay(next.from)} – ${calendarShortDay(next.to)}`;
}

/**
 * Where a client's paid order is, as the clinic follows it: each stage it reached with its day,
 * the last one being where it is now, and what comes next when the specification's timings say.
 */
export function OrderTrack({ track }: { track: Track }) {
  return (
    <div className="mt-2">
      <p className="text-sm">
        <span className="font-semibold">Where it is:</span> {clinicOrderStageLabels[track.stage]}
        {track.next ? <span className="text-brand-dark"> · {nextText(track.next)}</span> : null}
      </p>
      <ol aria-label="Stages reached" className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        {track.reached.map((step) => (
          <li key={step.stage} aria-current={step.stage === track.stage ? 'step' : undefined}>
            <span aria-hidden="true">✓ </span>
            {clinicOrderStageLabels[step.stage]}
            {step.on ? ` ${calendarShortDay(step.on)}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}
