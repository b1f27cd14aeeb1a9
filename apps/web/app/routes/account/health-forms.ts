// The health record page's form names, shared by the page and its action (which the browser never loads).
export const ADD_OUTSIDE_FORM = 'add-outside-report';
export const DELETE_OUTSIDE_FORM = 'delete-outside-report';
