import { membershipTypeKey } from '../members/member';
import type { MembershipCategory } from './membership-category';
import type { MembershipSettings } from './membership-settings';

/**
 * The club's membership categories and its membership settings (docs/membership.md). Categories
 * are never deleted: a category nobody should buy any more is withdrawn, so that the members who
 * hold it keep a category their `membershipType` names.
 */
export interface MembershipRepository {
  /** Every category, withdrawn ones too, by name (case-insensitive), then by id. */
  listCategories(): Promise<MembershipCategory[]>;
  /** The category of this id; null when there is none (whatever the text of the id). */
  getCategory(id: string): Promise<MembershipCategory | null>;
  /**
   * Stores a new category, at once and whole. Refused with a ConflictError, storing nothing, when
   * a category already has its id or its name (names compared case-insensitively, white space
   * trimmed): of two creations racing for one name, one is stored and the other refused. A
   * category that is not a valid MembershipCategory is refused with a ValidationError.
   */
  createCategory(category: MembershipCategory): Promise<void>;
  /**
   * Replaces the stored category of the same id (its id never changes). NotFoundError when there is
   * none; ConflictError, nothing changed, when another category has its name (case-insensitive);
   * ValidationError when it is not a valid MembershipCategory.
   */
  updateCategory(category: MembershipCategory): Promise<void>;
  /** The settings as last saved; null when they were never saved (the club runs on the defaults). */
  getSettings(): Promise<MembershipSettings | null>;
  /**
   * Stores the settings, replacing any saved before; read back they equal what was saved. Settings
   * that are not valid MembershipSettings are refused with a ValidationError and nothing is stored.
   */
  saveSettings(settings: MembershipSettings): Promise<void>;
}

/** How two category names are compared: as membership types are (membershipTypeKey), since a member's type names a category. */
export const categoryNameKey = membershipTypeKey;

/** Categories in the port's order: by name (case-insensitive), then by id. */
export function compareCategories(a: MembershipCategory, b: MembershipCategory): number {
  const ka = categoryNameKey(a.name);
  const kb = categoryNameKey(b.name);
  return ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
