import { ConflictError, NotFoundError } from '../../core/shared/errors';
import type { Admin } from '../../core/admins/admin';
import type { AdminRepository } from '../../core/admins/admin-repository.port';
import { compareText } from './compare-text';
import { copyOrNull } from './memory-records';

export class MemoryAdminRepository implements AdminRepository {
  private readonly admins = new Map<string, Admin>();

  async getByUid(uid: string): Promise<Admin | null> {
    return copyOrNull(this.admins.get(uid));
  }

  async getByEmail(email: string): Promise<Admin | null> {
    return copyOrNull(this.findByEmail(email));
  }

  async list(): Promise<Admin[]> {
    return [...this.admins.values()]
      .sort((a, b) => compareText(a.email.toLowerCase(), b.email.toLowerCase()) || compareText(a.uid, b.uid))
      .map((admin) => structuredClone(admin));
  }

  async count(): Promise<number> {
    return this.admins.size;
  }

  async create(admin: Admin): Promise<void> {
    if (this.admins.has(admin.uid)) throw new ConflictError('An admin with this user id already exists');
    if (this.findByEmail(admin.email)) throw new ConflictError('An admin with this e-mail already exists');
    this.admins.set(admin.uid, structuredClone(admin));
  }

  async update(admin: Admin): Promise<void> {
    if (!this.admins.has(admin.uid)) throw new NotFoundError('Admin not found');
    const sameEmail = this.findByEmail(admin.email);
    if (sameEmail && sameEmail.uid !== admin.uid) throw new ConflictError('An admin with this e-mail already exists');
    this.admins.set(admin.uid, structuredClone(admin));
  }

  private findByEmail(email: string): Admin | undefined {
    const key = email.toLowerCase();
    return [...this.admins.values()].find((admin) => admin.email.toLowerCase() === key);
  }
}
