// The licences page's form names, shared by the page and its action (which the browser never loads).
export const LICENCE_FORM = 'licence';
export const REMOVE_LICENCE_FORM = 'remove-licence';
