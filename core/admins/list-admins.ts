import type { Admin } from './admin';
import { requirePermission } from './permissions';
import type { AdminRepository } from './admin-repository.port';

export interface ListAdminsDeps {
  admins: AdminRepository;
}

/** The admin accounts, by e-mail; any signed-in admin may see who else administers the club. */
export class ListAdmins {
  constructor(private readonly deps: ListAdminsDeps) {}

  async execute(admin: Admin): Promise<Admin[]> {
    requirePermission(admin, 'admins.list');
    return this.deps.admins.list();
  }
}
