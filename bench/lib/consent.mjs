// The quiz's consent to collect health data, as its first screen sends it (decision record 0076):
// without it the API keeps no answers (422 CONSENT_REQUIRED). The version is core's, read from
// its source, so a changed word never leaves the benchmarks sending a stale one.
import { healthDataConsentTexts } from '../../packages/core/src/consents/health-data.ts';

export const quizConsent = { kind: 'collect_health_data', version: healthDataConsentTexts.collect_health_data.version };
