// Loaded on demand by use-lead-form: the forms' schemas are the same ones the server checks with.
export { leadForms } from '@shop/core';
