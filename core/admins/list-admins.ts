import type { Admin } from './admin';
import { requirePermission } from './permissions';
import type { AdminRepository } from './admin-repository.port';
import { UseCase } from '../shared/use-case';

export interface ListAdminsDeps {
  admins: AdminRepository;
}

/** The admin accounts, by e-mail; any signed-in admin may see who else administers the club. */
export class ListAdmins extends UseCase<ListAdminsDeps> {
  async execute(admin: Admin): Promise<Admin[]> {
    requirePermission(admin, 'admins.list');
    return this.deps.admins.list();
  }
}
