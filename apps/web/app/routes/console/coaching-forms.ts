// The coaching console's form names, shared by the page and its action (which the browser never loads).
export const PUBLISH_SLOT_FORM = 'publish-slot';
export const CANCEL_SLOT_FORM = 'cancel-slot';
