// The nutritional plan page's form name, shared by the page and its action (which the browser never loads).
export const UPLOAD_LAB_FORM = 'upload-labs';
