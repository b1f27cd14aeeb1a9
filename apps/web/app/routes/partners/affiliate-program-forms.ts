/** The form field that says the applicant is signed in and applies with their account (read by the action, sent by the page). */
export const APPLY_AS_MEMBER = 'member';
