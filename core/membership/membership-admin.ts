import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordChange, type AuditedRecord, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError, NotFoundError } from '../shared/errors';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { MembershipCategorySchema, type MembershipCategory } from './membership-category';
import { MEMBERSHIP_CURRENCY, type MembershipCategoryList, type MembershipSettingsAnswer, type OfferedCategoryList } from './membership-schema';
import {
  categoryIdFor,
  MEMBERSHIP_FORM_MESSAGES,
  MembershipCategoryFormValuesSchema,
  MembershipSettingsFormValuesSchema,
  validateMembershipCategoryForm,
  validateMembershipSettingsForm,
} from './membership-forms';
import { categoryNameKey, type MembershipRepository } from './membership-repository.port';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings, type MonthDay } from './membership-settings';

/**
 * The admin side of membership categories and settings (docs/membership.md#administering-categories-and-settings):
 * every read and change needs members:write (decisions, fourth phase), every change is audited.
 */

/** Every field an admin changes: the schema's, but the id and the times (derived, so a new field is audited too). */
export const CATEGORY_AUDIT_FIELDS = MembershipCategorySchema.omit({ id: true, createdAt: true, updatedAt: true }).keyof().options;
const AUDITED_CATEGORY: AuditedRecord<MembershipCategory> = {
  recordType: 'membershipCategory',
  idOf: (category) => category.id,
  fields: CATEGORY_AUDIT_FIELDS,
};

/** The settings as the audit log records them: one plain value a setting. */
interface AuditedSettings {
  year: string;
  renewalWindowWeeks: number;
  reminderDays: string;
  joiningDiscount: string;
  admission: string;
  applicationExpiryDays: number;
}
export const SETTINGS_AUDIT_FIELDS = ['year', 'renewalWindowWeeks', 'reminderDays', 'joiningDiscount', 'admission', 'applicationExpiryDays'] as const;
const AUDITED_SETTINGS: AuditedRecord<AuditedSettings> = { recordType: 'membershipSettings', idOf: () => 'membership', fields: SETTINGS_AUDIT_FIELDS };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dayText = (day: MonthDay) => `${day.day} ${MONTHS[day.month - 1]}`;
function auditedSettings(settings: MembershipSettings): AuditedSettings {
  return {
    year: settings.year.kind === 'fixed' ? `fixed, from ${dayText(settings.year.yearStart)}` : 'rolling',
    renewalWindowWeeks: settings.renewalWindowWeeks,
    reminderDays: settings.reminderDays.join(', '),
    joiningDiscount: settings.joiningDiscount ? `${settings.joiningDiscount.percent}% from ${dayText(settings.joiningDiscount.from)}` : 'none',
    admission: settings.admission,
    applicationExpiryDays: settings.applicationExpiryDays,
  };
}

export interface MembershipReadingDeps {
  membership: MembershipRepository;
}
export interface MembershipChangeDeps extends MembershipReadingDeps, AuditTrailDeps {}

/** The categories on the admin screen, withdrawn ones too, by name. */
export class ListMembershipCategories extends UseCase<MembershipReadingDeps> {
  async execute(admin: Admin): Promise<MembershipCategoryList> {
    requirePermission(admin, 'members.write');
    return { categories: await this.deps.membership.listCategories() };
  }
}

/**
 * The categories offered online (not withdrawn, bought online), by name, with their prices: what
 * the joining page shows anyone.
 */
export class ListOfferedMembershipCategories extends UseCase<MembershipReadingDeps> {
  async execute(): Promise<OfferedCategoryList> {
    const categories = (await this.deps.membership.listCategories()).filter((category) => category.onlinePurchase && !category.withdrawn);
    return {
      currency: MEMBERSHIP_CURRENCY,
      categories: categories.map(({ id, name, description, seasonPrice, coversHousehold, dutiesPerSeason, life }) => ({
        id,
        name,
        description,
        seasonPrice,
        coversHousehold,
        dutiesPerSeason,
        life,
      })),
    };
  }
}

/** Refuses a name another category has (case-insensitive), with the form's message. */
function refuseTakenName(categories: readonly MembershipCategory[], name: string, id: string | null): void {
  const taken = categories.find((category) => category.id !== id && categoryNameKey(category.name) === categoryNameKey(name));
  if (taken) throw new ConflictError(MEMBERSHIP_FORM_MESSAGES.nameTaken(taken.name));
}

/**
 * A new category (members:write) from the category form: its id made from its name, its name unique
 * (case-insensitive; the store refuses the later of two racing for one), audited
 * 'membershipCategory.created'.
 */
export class CreateMembershipCategory extends UseCase<MembershipChangeDeps> {
  async execute(admin: Admin, form: unknown): Promise<MembershipCategory> {
    requirePermission(admin, 'members.write');
    const fields = acceptedForm(validateMembershipCategoryForm(parseInput(MembershipCategoryFormValuesSchema, form)));
    const existing = await this.deps.membership.listCategories();
    refuseTakenName(existing, fields.name, null);
    const now = this.deps.clock.now().toISOString();
    const category: MembershipCategory = { id: categoryIdFor(fields.name, new Set(existing.map((c) => c.id))), ...fields, createdAt: now, updatedAt: now };
    await this.deps.membership.createCategory(category);
    await recordChange(this.deps, admin, AUDITED_CATEGORY, {
      action: 'membershipCategory.created',
      before: null,
      after: category,
      summary: `Added the membership category ${category.name}`,
    });
    return category;
  }
}

/**
 * Changes a category (members:write): every field but its id, which members' records name. Saving
 * the fields it has changes nothing; a changed one is audited 'membershipCategory.updated' (or
 * '.withdrawn' / '.offered again' when that is the change).
 */
export class UpdateMembershipCategory extends UseCase<MembershipChangeDeps> {
  async execute(admin: Admin, id: string, form: unknown): Promise<MembershipCategory> {
    requirePermission(admin, 'members.write');
    const before = await this.deps.membership.getCategory(id);
    if (before === null) throw new NotFoundError(MEMBERSHIP_FORM_MESSAGES.categoryNotFound);
    const fields = acceptedForm(validateMembershipCategoryForm(parseInput(MembershipCategoryFormValuesSchema, form)));
    if (CATEGORY_AUDIT_FIELDS.every((field) => before[field] === fields[field])) return before;
    refuseTakenName(await this.deps.membership.listCategories(), fields.name, id);
    const after: MembershipCategory = { ...before, ...fields, updatedAt: this.deps.clock.now().toISOString() };
    await this.deps.membership.updateCategory(after);
    const action =
      before.withdrawn !== after.withdrawn ? (after.withdrawn ? 'membershipCategory.withdrawn' : 'membershipCategory.restored') : 'membershipCategory.updated';
    const summary =
      action === 'membershipCategory.withdrawn' ? `Withdrew the membership category ${after.name}` : `Edited the membership category ${after.name}`;
    await recordChange(this.deps, admin, AUDITED_CATEGORY, { action, before, after, summary });
    return after;
  }
}

/** The membership settings now (members:write): the defaults until an admin saves them. */
export class GetMembershipSettings extends UseCase<MembershipReadingDeps> {
  async execute(admin: Admin): Promise<MembershipSettingsAnswer> {
    requirePermission(admin, 'members.write');
    const saved = await this.deps.membership.getSettings();
    return { settings: saved ?? DEFAULT_MEMBERSHIP_SETTINGS, saved: saved !== null };
  }
}

/** Saves the membership settings (members:write) from the settings form; a change is audited 'membershipSettings.updated'. */
export class SaveMembershipSettings extends UseCase<MembershipChangeDeps> {
  async execute(admin: Admin, form: unknown): Promise<MembershipSettingsAnswer> {
    requirePermission(admin, 'members.write');
    const settings = acceptedForm(validateMembershipSettingsForm(parseInput(MembershipSettingsFormValuesSchema, form)));
    const saved = await this.deps.membership.getSettings();
    const before = auditedSettings(saved ?? DEFAULT_MEMBERSHIP_SETTINGS);
    const after = auditedSettings(settings);
    await this.deps.membership.saveSettings(settings);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordChange(this.deps, admin, AUDITED_SETTINGS, {
        action: 'membershipSettings.updated',
        before,
        after,
        summary: 'Changed the membership settings',
      });
    }
    return { settings, saved: true };
  }
}
