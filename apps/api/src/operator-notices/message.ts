import type { OperatorNoticeRow } from '@shop/db';

/** What the console says of an open notice, from the facts it keeps. */
export function noticeMessage(notice: Pick<OperatorNoticeRow, 'kind' | 'detail'>): string {
  const detail = notice.detail as Record<string, string | number | undefined>;
  switch (notice.kind) {
    case 'webhook_endpoint_failing': {
      const since = String(detail.failingSince ?? '')
        .slice(0, 16)
        .replace('T', ' ');
      const failing = Number(detail.failing ?? 0);
      return `Webhooks to ${detail.clinicName} (${detail.url}) have failed since ${since} UTC: ${failing} ${failing === 1 ? 'delivery' : 'deliveries'} not delivered.`;
    }
    default:
      return notice.kind;
  }
}
