import { z } from 'zod';
import { ValidationError } from '../../core/errors';

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

/**
 * Parses request input with a route's schema; bad input becomes a ValidationError (400) whose
 * `fields` name every bad field, so nothing malformed reaches a use case.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: 'body' | 'query' | 'params'): z.output<S> {
  if (what === 'body' && (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input))) {
    throw new ValidationError('The request body must be a JSON object');
  }
  const result = schema.safeParse(input);
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
      ? (topLevel ?? `Invalid request ${what}`)
      : custom.has(firstField)
        ? fields[firstField]
        : `Invalid ${label}: ${fields[firstField]}`;
  return throwValidation(message, Object.keys(fields).length ? fields : undefined);
}

function throwValidation(message: string, fields?: Record<string, string>): never {
  throw new ValidationError(message, fields);
}
