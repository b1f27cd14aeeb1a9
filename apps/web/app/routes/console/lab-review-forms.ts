// The lab review page's form name, shared by the page and its action (which the browser never loads).
export const WRITE_PLAN_FORM = 'write-plan';
