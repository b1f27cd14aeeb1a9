// The support pages' form names, shared by the pages and their actions (which the browser never loads).
export const CONTACT_FORM = 'contact';
export const MEMBER_REPLY_FORM = 'member-reply';
export const STAFF_REPLY_FORM = 'staff-reply';
export const CLOSE_THREAD_FORM = 'close-thread';
export const CHANGE_COLLECTION_FORM = 'change-collection';
export const INVITE_STAFF_FORM = 'invite-staff';
export const RESEND_INVITATION_FORM = 'resend-invitation';
export const REVOKE_INVITATION_FORM = 'revoke-invitation';
/** The field people never see: what fills it is a program. */
export const HONEYPOT_FIELD = 'website';
