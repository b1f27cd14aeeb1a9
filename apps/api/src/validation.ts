import { AppError } from './errors.ts';

const zodDefaultMessage = /^(Invalid|Unrecognized|Too (big|small))/;

/**
 * A validation message a person can act on: our own messages read as they are; zod's generic
 * ones ("Invalid input: …") are prefixed with the field they are about.
 */
export function describeIssue(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  return field && zodDefaultMessage.test(message) ? `${field}: ${message}` : message;
}

export function validationFailed(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly PropertyKey[] = [],
): AppError {
  const issue = issues[0];
  const message = issue ? describeIssue([...prefix, ...issue.path], issue.message) : 'The request is not valid.';
  return new AppError(400, 'VALIDATION_FAILED', message);
}
