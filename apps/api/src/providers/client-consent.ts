import { clinicSharingWithdrawn } from '@shop/core';
import { providerOrders } from '@shop/db';
import { AppError } from '../errors.ts';
import { withdrawnWithoutRenewal } from '../health-consents/repository.ts';

/**
 * The provider area's one rule about its clients' consent to share (docs/decisions/0081): a
 * client whose account withdrew `share_with_clinic` (and gave none since) is shown to the clinic
 * without health data. Every read of the area that carries results or an order's progress (the
 * order list, the results, the webhooks, the results-to-review e-mail) selects this column of the
 * clinic's order, read in the same statement as the order itself.
 */
export const clientWithdrewSharing = () => withdrawnWithoutRenewal(providerOrders.clientUserId, 'share_with_clinic');

/** The answer to a clinic asking for the results of a client who withdrew: it knows the order, so 403, saying why. */
export const sharingWithdrawnRefusal = () => new AppError(403, 'CONSENT_WITHDRAWN', clinicSharingWithdrawn.message);
