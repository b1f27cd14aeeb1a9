// The held results page's forms, shared by the page and its action (which the browser never loads).
export const OUTREACH_ATTEMPT_FORM = 'outreach-attempt';
export const RELEASE_RESULTS_FORM = 'release-results';
