import type { MembershipCategory } from '../../core/membership/membership-category';
import { categoryNameKey, compareCategories, type MembershipRepository } from '../../core/membership/membership-repository.port';
import type { MembershipSettings } from '../../core/membership/membership-settings';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { CATEGORY_STORE_MESSAGES, validCategory, validSettings } from '../membership-records';

/** Membership categories and settings in memory (tests, and the contract's reference). */
export class MemoryMembershipRepository implements MembershipRepository {
  private readonly categories = new Map<string, MembershipCategory>();
  private settings: MembershipSettings | null = null;

  async listCategories(): Promise<MembershipCategory[]> {
    return [...this.categories.values()].sort(compareCategories).map((category) => ({ ...category }));
  }

  async getCategory(id: string): Promise<MembershipCategory | null> {
    const category = this.categories.get(id);
    return category ? { ...category } : null;
  }

  async createCategory(category: MembershipCategory): Promise<void> {
    const valid = validCategory(category);
    if (this.categories.has(valid.id)) throw new ConflictError(CATEGORY_STORE_MESSAGES.idTaken);
    this.refuseTakenName(valid);
    this.categories.set(valid.id, valid);
  }

  async updateCategory(category: MembershipCategory): Promise<void> {
    const valid = validCategory(category);
    if (!this.categories.has(valid.id)) throw new NotFoundError(CATEGORY_STORE_MESSAGES.notFound);
    this.refuseTakenName(valid);
    this.categories.set(valid.id, valid);
  }

  async getSettings(): Promise<MembershipSettings | null> {
    return this.settings === null ? null : structuredClone(this.settings);
  }

  async saveSettings(settings: MembershipSettings): Promise<void> {
    this.settings = structuredClone(validSettings(settings));
  }

  private refuseTakenName(category: MembershipCategory): void {
    const key = categoryNameKey(category.name);
    const other = [...this.categories.values()].find((c) => c.id !== category.id && categoryNameKey(c.name) === key);
    if (other) throw new ConflictError(CATEGORY_STORE_MESSAGES.nameTaken(other.name));
  }
}
