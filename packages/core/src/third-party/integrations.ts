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

/**
 * Global Privacy Control: a browser that sends `Sec-GPC: 1` (or says `navigator.globalPrivacyControl`)
 * opts out of the sale and sharing of its person's data, and the shop takes it as a refusal of the
 * advertising and analytics scripts, whatever the consent cookie says: none loads, and no purchase
 * is reported to an advertiser. The header's name as Node reads it (lower case).
 */
export const GPC_HEADER = 'sec-gpc';

/** True when a request's `Sec-GPC` header says the visitor opts out. */
export function globalPrivacyControlFrom(header: string | string[] | undefined): boolean {
  return (Array.isArray(header) ? header[0] : header)?.trim() === '1';
}

/** What the banner says, in place of its question, to a browser whose Global Privacy Control signal was honoured. */
export const GPC_HONOURED_TEXT =
  'Your browser sent the Global Privacy Control signal, and we have honoured it: no analytics or advertising scripts load, and your purchases are not reported to advertisers.';
