import type { FormSuccess } from '../../lib/form-answer';

/** The names of the webhooks page's forms: the page sends them, its action tells them apart. */
export const webhookForms = { add: 'add-endpoint', remove: 'remove-endpoint', redeliver: 'redeliver' } as const;

/** The answer to adding an endpoint carries its signing secret, shown this once. */
export interface EndpointAdded extends FormSuccess {
  secret?: string;
}
