import type { AdminRepository } from '../admins/admin-repository.port';
import type { AuditEntry } from './audit';
import { adminUidsOf, type AdminNames } from './audit-display';

/**
 * The names of the admins the entries mention (who acted, who cancelled, admin records), by uid,
 * so the audit screen and a booking's history can say who rather than which id. An admin whose
 * account is gone is left out: the screen says "a removed admin". A club has few admins, so
 * they are read in one list.
 */
export async function adminNamesFor(admins: AdminRepository, entries: readonly AuditEntry[]): Promise<Record<string, string>> {
  const wanted = new Set(adminUidsOf(entries));
  if (wanted.size === 0) return {};
  const names: Record<string, string> = {};
  for (const admin of await admins.list()) {
    if (wanted.has(admin.uid)) names[admin.uid] = admin.name.trim() === '' ? admin.email : admin.name;
  }
  return names satisfies AdminNames;
}
