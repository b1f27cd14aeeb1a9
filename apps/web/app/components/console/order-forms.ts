import { consoleActionNames, type ConsoleActionName } from '@shop/core';
import type { FormAnswer } from '../../lib/form-answer';

// The order page's forms, one per action the console may take now; each names its action in
// `_form` (core's action names), and a kit's also its kit in `kitSlug`.

/** The actions on the whole order, with the words on their buttons. */
export const orderActionLabels = {
  approve: 'Approve',
  decline: 'Decline and refund',
  refund: 'Refund',
  cancel: 'Cancel order',
  resend_email: 'Resend receipt',
} as const satisfies Partial<Record<ConsoleActionName, string>>;

export type OrderActionName = keyof typeof orderActionLabels;

/** An answer of the order page: which kit's form it answers, for a kit's action. */
export type OrderActionAnswer = FormAnswer & { kitSlug?: string };

/** The Improvement Program's guarantee: its own panel, with a reason and a choice of refund or store credit. */
export const GUARANTEE_FORM = 'apply_guarantee' satisfies ConsoleActionName;

/** The forms of the actions panel: every action but the guarantee, which has its own panel. */
export const actionPanelForms = consoleActionNames.filter((name) => name !== GUARANTEE_FORM);

export const ORDER_ACTION_FAILED = 'The action failed. Please try again.';
