import { leadForms, samplePlan, type LeadData, type LeadKind } from '@shop/core';
import type { Executor } from '@shop/db';
import {
  demoRequestReceivedEmail,
  providerDashboardEmail,
  providerReferralEmail,
  samplePlanEmail,
  whitepaperEmail,
} from '../email/lead-templates.ts';
import type { EmailMessage } from '../email/port.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent } from '../events/bus.ts';
import { findLead, practitionerKnown } from './repository.ts';

type LeadRow = NonNullable<Awaited<ReturnType<typeof findLead>>>;

/** The lead's fields as its form's schema gives them (they were stored after the same validation). */
const fieldsOf = <K extends LeadKind>(kind: K, lead: LeadRow) => leadForms[kind].schema.parse(lead.fields) as LeadData<K>;

/**
 * Keeps what each lead form promises to e-mail, in the transaction that stores the lead: the
 * whitepaper, the sample plan, the link to set up a provider dashboard, the answer to a demo
 * request, and the practitioner's one e-mail about a referral. One e-mail per lead (its key), and
 * for a practitioner one ever: not when someone referred them before or they already have a clinic.
 */
export const answerLeads = (publicUrl: string) =>
  onEvent({
    name: 'leads.answer',
    on: 'lead.received',
    mode: 'in-transaction',
    handle: async (tx, event) => {
      const lead = await findLead(tx, event.payload.leadId);
      if (!lead) return;
      const email = await promisedEmail(tx, lead, publicUrl);
      if (!email) return;
      await enqueueEmail(tx, email.message, email.key);
    },
  });

async function promisedEmail(tx: Executor, lead: LeadRow, publicUrl: string): Promise<{ message: EmailMessage; key: string } | null> {
  const once = (message: EmailMessage) => ({ message, key: `lead:${lead.id}` });
  switch (lead.kind as LeadKind) {
    case 'whitepaper': {
      const { email, firstName } = fieldsOf('whitepaper', lead);
      return once(whitepaperEmail(email, firstName, publicUrl));
    }
    case 'sample_plan':
      return once(samplePlanEmail(fieldsOf('sample_plan', lead).email, samplePlan(), publicUrl));
    case 'providers_contact': {
      const { email, firstName } = fieldsOf('providers_contact', lead);
      return once(providerDashboardEmail(email, firstName, publicUrl));
    }
    case 'business_contact': {
      const { email, firstName, company } = fieldsOf('business_contact', lead);
      return once(demoRequestReceivedEmail(email, firstName, company, publicUrl));
    }
    case 'provider_referral': {
      const referral = fieldsOf('provider_referral', lead);
      if (await practitionerKnown(tx, lead, referral.providerEmail)) return null;
      const referrerName = `${referral.yourFirstName} ${referral.yourLastName}`;
      return {
        message: providerReferralEmail(referral.providerEmail, { providerFirstName: referral.providerFirstName, referrerName }, publicUrl),
        // two referrals of one practitioner at the same moment: the key keeps it to one e-mail
        key: `provider-referral:${referral.providerEmail.toLowerCase()}`,
      };
    }
    default:
      return null;
  }
}
