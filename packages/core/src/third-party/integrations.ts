/**
 * The third-party scripts the shop can load, each configured by the address of its script (an
 * environment variable; none is set by default, and then no page changes at all). Every one of
 * them waits for the visitor's consent and runs on marketing pages only.
 */
export const integrationNames = ['tagManager', 'adAnalytics', 'monitoring', 'formService'] as const;
export type IntegrationName = (typeof integrationNames)[number];

/** The scripts configured, by integration: what the server hands the browser's loader. */
export type ThirdPartyScripts = Partial<Record<IntegrationName, string>>;

/** Which integrations load only after the visitor says yes: all of them, since each sets or reads identifiers. */
export const needsConsent: Record<IntegrationName, boolean> = {
  tagManager: true,
  adAnalytics: true,
  monitoring: true,
  formService: true,
};

/** The first-party cookie that remembers the visitor's answer: `granted` or `denied`, for 180 days. */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
export type ConsentChoice = 'granted' | 'denied';

/** The visitor's answer in a Cookie header or `document.cookie`, or null when they have not answered. */
export function consentFrom(cookieHeader: string | undefined): ConsentChoice | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'granted' || value === 'denied')) return value;
  }
  return null;
}
