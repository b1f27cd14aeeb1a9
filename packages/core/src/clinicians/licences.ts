import { z } from 'zod';
import { allowedMethods, stateNames } from '../eligibility/states.ts';
import { usStates, type UsState } from '../eligibility/us-states.ts';

/**
 * A clinician's licence to practise medicine in one state, as operators keep it: the state board's
 * number and the last day it is valid. The physician who orders a lab test must be licensed where
 * the person tested lives (each state's medical practice act; the sources are in
 * docs/decisions/0067-a-physician-of-record.md), so an order is approved only under such a licence.
 */
export interface ClinicianLicence {
  state: UsState;
  number: string;
  /** the last day the licence is valid, `YYYY-MM-DD` */
  expiresOn: string;
}

export const licenceMessages = {
  state: 'Please choose the state of the licence',
  number: 'Please enter the licence number as the state board prints it (letters, digits, dashes, up to 40)',
  expiresOn: 'Please enter the day the licence expires',
} as const;

/** The licence form of the console (operators), for the page and the API alike. */
export const clinicianLicenceSchema = z.object({
  state: z.enum(usStates, { error: licenceMessages.state }),
  number: z
    .string({ error: licenceMessages.number })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .\-/]{0,39}$/, { error: licenceMessages.number }),
  expiresOn: z.iso.date({ error: licenceMessages.expiresOn }),
});
export type ClinicianLicenceForm = z.infer<typeof clinicianLicenceSchema>;

/** The states where the shop sells tests (docs/decisions/0060): where a clinician must be licensed for its orders. */
export const statesWhereTestsAreSold: readonly UsState[] = usStates.filter((state) => allowedMethods(state).length > 0);

/** A licence is valid through its last day: on `today` (`YYYY-MM-DD`) and any day before it. */
export function licenceValidOn(licence: Pick<ClinicianLicence, 'expiresOn'>, today: string): boolean {
  return licence.expiresOn >= today;
}

/** The clinician's licence that lets them approve an order for a person living in `state` on `today`, if any. */
export function licenceFor(licences: readonly ClinicianLicence[], state: UsState, today: string): ClinicianLicence | undefined {
  return licences.find((licence) => licence.state === state && licenceValidOn(licence, today));
}

export interface ApprovalRefusal {
  code: 'TESTED_STATE_UNKNOWN' | 'NOT_LICENSED_IN_STATE' | 'LICENCE_EXPIRED';
  message: string;
}

/**
 * Why a clinician may not approve an order for a person living in `state` (null: the order says
 * nowhere), or undefined when one of their licences lets them.
 */
export function approvalRefusal(licences: readonly ClinicianLicence[], state: UsState | null, today: string): ApprovalRefusal | undefined {
  if (!state) {
    return {
      code: 'TESTED_STATE_UNKNOWN',
      message:
        'This order does not say where the person tested lives, so no licence can cover it: ask them to fill in their medical profile.',
    };
  }
  if (licenceFor(licences, state, today)) return undefined;
  const name = stateNames[state];
  const expired = licences.find((licence) => licence.state === state);
  if (expired) {
    return {
      code: 'LICENCE_EXPIRED',
      message: `Your ${name} licence ${expired.number} expired on ${expired.expiresOn}. Only a clinician licensed in ${name} may approve this order; an operator can renew the licence in the console.`,
    };
  }
  return {
    code: 'NOT_LICENSED_IN_STATE',
    message: `Only a clinician licensed in ${name}, where the person tested lives, may approve this order, and you hold no ${name} licence.`,
  };
}
