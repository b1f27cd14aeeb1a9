import { describe, expect, it } from 'vitest';
import { clinicSharingWithdrawn, collectConsentRefusal, healthDataConsentTexts, shareConsentKinds } from '../consents/health-data.ts';
import { globalPrivacyControlFrom, integrationNames, needsConsent } from '../third-party/integrations.ts';
import { isMarketingPage, marketingPages } from '../third-party/marketing-pages.ts';
import { consumerHealthDataPolicy } from './health-data-policy.ts';
import { privacySections, termsSections } from './legal.ts';
import { privacyClaims, type PrivacyClaim } from './privacy-claims.ts';
import { healthDataText } from './trust-pages.ts';

const pageText = {
  '/health-data': healthDataText.points.map((point) => point.text).join('\n'),
  '/privacy-policy': privacySections.flatMap((section) => section.paragraphs).join('\n'),
  '/terms': termsSections.flatMap((section) => section.paragraphs).join('\n'),
  '/consumer-health-data-privacy': consumerHealthDataPolicy.sections.flatMap((section) => section.paragraphs).join('\n'),
};

/**
 * Each claim read against the code it describes, where a unit can: the browser tests read the rest
 * (e2e/health-data-consent.spec.ts: which scripts load, Global Privacy Control, the quiz's consent,
 * withdrawal at /account).
 */
describe('the claims the trust pages make', () => {
  it('outside scripts: the four integrations, all after consent, on the marketing pages alone', () => {
    const { text } = privacyClaims.thirdPartyScripts;
    expect(integrationNames).toHaveLength(4);
    expect(text).toContain('a tag manager, advertising analytics, error monitoring and an embedded form service');
    expect(integrationNames.every((name) => needsConsent[name])).toBe(true);
    expect(text).toContain(`load on ${marketingPages.size} marketing pages`);
    for (const page of [
      '/quiz',
      '/quiz-results',
      '/test/cortisol',
      '/goal/fatigue',
      '/checkout-payment',
      '/account',
      '/account/orders/1/results',
    ])
      expect(isMarketingPage(page), page).toBe(false);
    // "such as the home page and this one": /health-data
    expect(isMarketingPage('/')).toBe(true);
    expect(isMarketingPage('/health-data')).toBe(true);
  });

  it('Global Privacy Control: the header counts as a refusal', () => {
    expect(globalPrivacyControlFrom('1')).toBe(true);
    expect(globalPrivacyControlFrom(undefined)).toBe(false);
    expect(globalPrivacyControlFrom('0')).toBe(false);
  });

  it('consent to collect: the quiz’s refusal saves nothing and says so', () => {
    expect(privacyClaims.consentToCollect.text).toContain('without it the quiz saves nothing');
    expect(collectConsentRefusal).toContain('Nothing you entered was saved');
  });

  it('sharing: a consent of its own for the clinic and for the employer, in the words the pages ask, and what withdrawing does', () => {
    const { text } = privacyClaims.sharing;
    expect(shareConsentKinds).toEqual(['share_with_clinic', 'share_with_employer']);
    expect(text).toContain('apart from the consent to collect');
    // what the clinic is shared, as its consent's words say it, and what it sees after a withdrawal
    expect(text).toContain('your results and your order’s progress with that clinic');
    expect(healthDataConsentTexts.share_with_clinic.text).toContain('my test results and how my order is going');
    expect(text).toContain(`“${clinicSharingWithdrawn.label}”`);
    expect(healthDataConsentTexts.share_with_clinic.withdrawal).toContain('results waiting for their review are released to you');
    // what the employer learns, as its consent's words say it
    expect(text).toContain('never name you, never show a number below 5');
    expect(healthDataConsentTexts.share_with_employer.text).toContain('never by name');
    expect(healthDataConsentTexts.share_with_employer.text).toContain('which show no number below 5');
    expect(healthDataConsentTexts.share_with_employer.withdrawal).toContain('Cover you already used stays in the sums');
    // the old promise that a clinic receives results, asked nothing, is gone from every page
    for (const [page, pageWords] of Object.entries(pageText)) expect(pageWords, page).not.toContain('as the provider who ordered it.');
  });

  it('no page says what the code does not: the old promise of no scripts is gone', () => {
    for (const [page, text] of Object.entries(pageText)) {
      expect(text, page).not.toMatch(/load no advertising or analytics scripts/i);
      expect(text, page).not.toMatch(/only where they are configured\.$/m);
    }
  });

  it('every page that speaks of health data takes its promises from the claims, word for word', () => {
    for (const [id, claim] of Object.entries(privacyClaims)) expect(pageText['/health-data'], id).toContain(claim.text);
    for (const id of ['thirdPartyScripts', 'globalPrivacyControl', 'withdrawal', 'deletion', 'download', 'retention', 'sharing'] as const) {
      expect(pageText['/privacy-policy'], id).toContain(privacyClaims[id].text);
      expect(pageText['/consumer-health-data-privacy'], id).toContain(privacyClaims[id].text);
    }
  });

  it('names nothing as not yet built: every claim is true of the code in this tree', () => {
    const pending = Object.entries(privacyClaims as Record<string, PrivacyClaim>)
      .filter(([, claim]) => claim.dependsOn)
      .map(([id, claim]) => `${id}:${claim.dependsOn}`);
    expect(pending).toEqual([]);
  });
});
