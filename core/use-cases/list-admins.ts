import type { Admin } from '../entities/admin';
import { requirePermission } from '../domain/permissions';
import type { AdminRepository } from '../ports/admin-repository';
import { UseCase } from './use-case';

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
