/**
 * The named fields of a record and no others: what an adapter stores of an entity as it is,
 * whatever else the object passed in carries.
 */
export function pickFields<T extends object, K extends keyof T>(record: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) picked[name] = record[name];
  return picked;
}
