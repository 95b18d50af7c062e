import { z } from 'zod';
import { isWellFormedInput, MALFORMED_TEXT_MESSAGE } from './well-formed-text';
import { ValidationError } from './errors';

type Issue = z.core.$ZodIssue;

function describeType(expected: string): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
    case 'int':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    default:
      return expected;
  }
}

/** A short message a person can act on, instead of zod's technical wording. */
function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${describeType(String(issue.expected))}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
      return `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'is required' : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} items`;
      return `must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_union':
      return 'has the wrong type';
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'must be an e-mail address' : `must be a valid ${issue.format}`;
    default:
      return issue.message || 'is not valid';
  }
}

/** True when a schema gave its own message (core schemas carry the spec's words). */
function hasCustomMessage(issue: Issue): boolean {
  const localeError = z.config().localeError as ((i: Issue) => string | { message?: string } | undefined) | undefined;
  if (!localeError) return false;
  try {
    const fallback = localeError(issue);
    const text = typeof fallback === 'string' ? fallback : fallback?.message;
    return issue.message !== text;
  } catch {
    return false;
  }
}

function fieldName(path: PropertyKey[]): string {
  return path.length === 0 ? '' : path.map((p) => String(p)).join('.');
}

/** Where the input came from: a request's body, query or path, or a direct call of a use case. */
export type InputKind = 'body' | 'query' | 'params' | 'input';

/**
 * Parses input with a zod schema: the one mapper from zod's issues to messages, used by the HTTP
 * routes for each request and by the use cases, which must hold their rules whatever the caller
 * does. Bad input becomes a ValidationError (400) whose `fields` name every bad field, with the
 * schema's own message where it has one (the spec's words) and a short plain one otherwise; the
 * first field's message is the headline. Nothing malformed passes.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: InputKind = 'input'): z.output<S> {
  if (!isWellFormedInput(input)) throwValidation(MALFORMED_TEXT_MESSAGE);
  if (what === 'body' && (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input))) {
    throw new ValidationError('The request body must be a JSON object');
  }
  // With the input in each issue, zod's default message can be told apart from a schema's own.
  const result = schema.safeParse(what === 'input' ? (input ?? {}) : input, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  const custom = new Set<string>();
  let topLevel: string | null = null;
  for (const issue of result.error.issues) {
    const name = fieldName(issue.path);
    if (!name) {
      topLevel ??= issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}` : issue.message;
      continue;
    }
    const top = String(issue.path[0]);
    if (fields[top] !== undefined) continue;
    if (hasCustomMessage(issue)) {
      fields[top] = issue.message;
      custom.add(top);
    } else {
      fields[top] = `${name} ${issueMessage(issue)}`;
    }
  }
  const firstField = Object.keys(fields)[0];
  const label = what === 'query' ? 'query parameter' : 'field';
  // The spec's own words stand alone; generated ones say what kind of input was wrong.
  const message =
    firstField === undefined
      ? (topLevel ?? (what === 'input' ? 'The request must be an object with the expected fields' : `Invalid request ${what}`))
      : custom.has(firstField)
        ? fields[firstField]
        : `Invalid ${label}: ${fields[firstField]}`;
  return throwValidation(message, Object.keys(fields).length ? fields : undefined);
}

/** Turns a core validation result's per-field messages into one error; the first is the headline. */
export function fieldsError(errors: Partial<Record<string, string>>): ValidationError {
  const fields = Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return new ValidationError(Object.values(fields)[0] ?? 'Invalid input', fields);
}

function throwValidation(message: string, fields?: Record<string, string>): never {
  throw new ValidationError(message, fields);
}

/**
 * The same check as parseInput without throwing, for forms that show each field's message as the
 * server would give it: the messages by field ('' for the input as a whole), {} when all is well.
 */
export function inputErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  try {
    parseInput(schema, input);
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.fields ?? { '': error.message };
  }
}

/**
 * The values a core form check accepted, or its per-field messages thrown as one ValidationError
 * (fieldsError): the step every use case takes after checking a form as the browser checks it.
 */
export function acceptedForm<V>(checked: { ok: true; value: V } | { ok: false; errors: Partial<Record<string, string>> }): V {
  if (!checked.ok) throw fieldsError(checked.errors);
  return checked.value;
}
