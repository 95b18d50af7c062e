import type { z } from 'zod';
import { isWellFormedInput, MALFORMED_TEXT_MESSAGE } from '../domain/well-formed-text';
import { ValidationError } from '../errors';

/**
 * Parses what a caller passed with a zod schema. The HTTP layer validates too, but a use case
 * must hold its rules whatever the caller does, so malformed input becomes a ValidationError
 * naming each bad field rather than a crash deeper down.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (!isWellFormedInput(input)) throwValidation(MALFORMED_TEXT_MESSAGE);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (field === '') return throwValidation('The request must be an object with the expected fields');
    fields[field] ??= issue.message.startsWith('Invalid input') || issue.message.startsWith('Too ') ? `${field} is not valid` : issue.message;
  }
  return throwValidation(Object.values(fields)[0], fields);
}

/** Turns a core validation result's per-field messages into one error; the first is the headline. */
export function fieldsError(errors: Partial<Record<string, string>>): ValidationError {
  const fields = Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return new ValidationError(Object.values(fields)[0] ?? 'Invalid input', fields);
}

function throwValidation(message: string, fields?: Record<string, string>): never {
  throw new ValidationError(message, fields);
}
