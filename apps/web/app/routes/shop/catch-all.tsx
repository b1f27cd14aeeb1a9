// Any URL no route matches is the not-found page, with status 404.
export { loader, default } from './not-found';
