/**
 * The records these ids name, read once each (repeated ids read once), by id; ids that name
 * nothing are left out. One read per distinct id: as many reads as records asked for.
 */
export async function recordsById<T extends { id: string }>(ids: Iterable<string>, get: (id: string) => Promise<T | null>): Promise<Map<string, T>> {
  const found = await Promise.all([...new Set(ids)].map((id) => get(id)));
  return new Map(found.flatMap((record) => (record ? [[record.id, record] as const] : [])));
}
