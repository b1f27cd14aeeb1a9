import { z } from 'zod';

/** The events a clinic's endpoint receives, about the orders placed through the clinic. */
export const clinicWebhookEventTypes = ['order.paid', 'kit.shipped', 'results.released', 'order.refunded'] as const;
export type ClinicWebhookEventType = (typeof clinicWebhookEventTypes)[number];

/** What the delivery log shows of each delivery. */
export const clinicWebhookStatuses = ['pending', 'sending', 'retrying', 'delivered', 'failed'] as const;
export type ClinicWebhookStatus = (typeof clinicWebhookStatuses)[number];
export const clinicWebhookStatusLabels: Record<ClinicWebhookStatus, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  retrying: 'Will retry',
  delivered: 'Delivered',
  failed: 'Failed',
};

/**
 * When a delivery that was not answered with a 2xx is tried again, in minutes after the attempt
 * before: 1 minute, 5 minutes, 30 minutes, 2 hours, 8 hours, 24 hours. Seven attempts in all.
 */
export const CLINIC_WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 480, 1440] as const;
/** How many endpoints one clinic may register. */
export const CLINIC_WEBHOOK_ENDPOINT_LIMIT = 5;

export const clinicWebhookMessages = {
  url: 'Please enter the address of your endpoint, starting with https://',
  httpsOnly: 'Please use an https:// address',
  privateAddress: 'Please use a public address: we do not send events to private networks',
  credentials: 'Please leave the user name and password out of the address',
  trailingDot: 'Please write the host name without a dot at its end',
  tooMany: `A clinic can register up to ${CLINIC_WEBHOOK_ENDPOINT_LIMIT} endpoints. Please remove one first.`,
  endpointMissing: 'We could not find this endpoint.',
  deliveryMissing: 'We could not find this delivery.',
  sendingNow: 'This delivery is being sent right now. Please try again in a minute.',
  endpointRemoved: 'This endpoint was removed, so its deliveries cannot be sent again.',
} as const;

export const clinicWebhookEndpointSchema = z.strictObject({
  url: z
    .string({ error: clinicWebhookMessages.url })
    .trim()
    .min(1, { error: clinicWebhookMessages.url })
    .max(2000, { error: clinicWebhookMessages.url })
    // the shape of an address; the API parses it and checks where it points
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { error: clinicWebhookMessages.url }),
});
export type ClinicWebhookEndpointForm = z.infer<typeof clinicWebhookEndpointSchema>;
