import { amountParam, metadataParam, requiredParam, stringParam, type FormObject } from './form.ts';
import { invalidRequest, newId, now } from './objects.ts';

/**
 * A Connect transfer from the platform's balance to a connected account. The fake knows no
 * accounts: any `acct_…` receives, except one whose id says it cannot (`acct_…nocap…`), which is
 * refused as Stripe refuses an account without the transfers capability.
 */
export interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
}

export function createTransfer(form: FormObject): Transfer {
  const amount = amountParam(form, 'amount');
  if (amount < 1) throw invalidRequest('Amount must be at least 1 cent.', { param: 'amount' });
  const currency = requiredParam(form, 'currency');
  const destination = requiredParam(form, 'destination');
  if (!destination.startsWith('acct_')) {
    throw invalidRequest(`No such destination: '${destination}'`, { code: 'resource_missing', param: 'destination', status: 404 });
  }
  if (destination.includes('nocap')) {
    throw invalidRequest(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
    );
  }
  return {
    id: newId('tr'),
    object: 'transfer',
    amount,
    currency,
    destination,
    transfer_group: stringParam(form, 'transfer_group'),
    description: stringParam(form, 'description'),
    metadata: metadataParam(form),
    created: now(),
  };
}
