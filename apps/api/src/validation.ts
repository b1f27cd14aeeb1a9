import { AppError } from './errors.ts';

const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a request can be a row's (a UUID): anything else is not found, without asking the database. */
export const isRowId = (id: string): boolean => ROW_ID.test(id);

// messages that do not say which field they are about: zod's own, and "This field …"
const genericMessage = /^(Invalid|Unrecognized|Too (big|small)|This field )/;

/**
 * A validation message a person can act on: our own messages read as they are; generic ones
 * ("Invalid input: …", "This field …") are prefixed with the field they are about.
 */
export function describeIssue(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  return field && genericMessage.test(message) ? `${field}: ${message}` : message;
}

export function validationFailed(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly PropertyKey[] = [],
): AppError {
  const issue = issues[0];
  const message = issue ? describeIssue([...prefix, ...issue.path], issue.message) : 'The request is not valid.';
  return new AppError(400, 'VALIDATION_FAILED', message);
}
