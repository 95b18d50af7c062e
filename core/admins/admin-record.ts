import type { z } from 'zod';
import type { Admin } from './admin';
import { requirePermission, type AdminAction } from './permissions';
import { parseInput, type InputKind } from '../shared/parse-input';
import { requireFound } from '../shared/require-found';

/**
 * The first steps of an admin's use case about one record, written once so that every screen
 * refuses in the same order: without the action's permission 403 before anything is read, then a
 * request that does not parse 400 (a change's), then a record that does not exist 404.
 */

/** The record an admin asks to see or act on: 403 without `action`'s permission, 404 (`notFoundMessage`) when `lookup` finds none. */
export function permittedRecord<T>(
  admin: Pick<Admin, 'permissions'>,
  action: AdminAction,
  lookup: () => Promise<T | null | undefined>,
  notFoundMessage: string,
): Promise<T> {
  requirePermission(admin, action);
  return requireFound(lookup(), notFoundMessage);
}

/**
 * An admin's request: 403 without `action`'s permission before anything is read, then `request`
 * parsed by `schema` (400 with its fields; `what` as parseInput takes it).
 */
export function permittedInput<S extends z.ZodType>(
  admin: Pick<Admin, 'permissions'>,
  action: AdminAction,
  schema: S,
  request: unknown,
  what?: InputKind,
): z.output<S> {
  requirePermission(admin, action);
  return parseInput(schema, request, what);
}

/**
 * An admin's change to one record: 403 without `action`'s permission, then `request` parsed by
 * `schema` (400 with its fields), then the record (404 with `notFoundMessage`).
 */
export async function permittedChange<S extends z.ZodType, T>(
  admin: Pick<Admin, 'permissions'>,
  action: AdminAction,
  change: { schema: S; request: unknown },
  lookup: () => Promise<T | null | undefined>,
  notFoundMessage: string,
): Promise<{ input: z.output<S>; record: T }> {
  const input = permittedInput(admin, action, change.schema, change.request);
  return { input, record: await requireFound(lookup(), notFoundMessage) };
}
