import type { Admin } from './admin';

export interface AdminRepository {
  /** The admin record of this identity-provider user id, or null. */
  getByUid(uid: string): Promise<Admin | null>;
  /** The admin record with this e-mail (compared case-insensitively), or null. */
  getByEmail(email: string): Promise<Admin | null>;
  /** Every admin record, ordered by e-mail. */
  list(): Promise<Admin[]>;
  /** How many admin records there are. */
  count(): Promise<number>;
  /** Stores a new admin record. Throws ConflictError if the uid or the e-mail exists. */
  create(admin: Admin): Promise<void>;
  /** Replaces a stored admin record. Throws NotFoundError if the uid does not exist. */
  update(admin: Admin): Promise<void>;
}
