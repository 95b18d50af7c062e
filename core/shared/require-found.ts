import { NotFoundError } from './errors';

/**
 * The record a lookup found. A use case asked about a record that does not exist (or no longer
 * does) refuses with a NotFoundError carrying its own message, as every admin and member screen
 * expects: this is that one check, written once.
 */
export async function requireFound<T>(lookup: Promise<T | null | undefined>, notFoundMessage: string): Promise<T> {
  const record = await lookup;
  if (record === null || record === undefined) throw new NotFoundError(notFoundMessage);
  return record;
}
