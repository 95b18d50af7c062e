import { ValidationError } from '../core/shared/errors';
import { MembershipCategorySchema, type MembershipCategory } from '../core/membership/membership-category';
import { MembershipSettingsSchema, type MembershipSettings } from '../core/membership/membership-settings';

/** A category checked before it is stored (MembershipRepository): anything else is refused with a ValidationError. */
export function validCategory(category: MembershipCategory): MembershipCategory {
  const parsed = MembershipCategorySchema.safeParse(category);
  if (!parsed.success) throw new ValidationError('Not a valid membership category');
  return parsed.data;
}

/** Settings checked before they are stored (MembershipRepository.saveSettings). */
export function validSettings(settings: MembershipSettings): MembershipSettings {
  const parsed = MembershipSettingsSchema.safeParse(settings);
  if (!parsed.success) throw new ValidationError('Not valid membership settings');
  return parsed.data;
}

/** The ConflictError messages of the store's own refusals (the use cases check names first, with the form's words). */
export const CATEGORY_STORE_MESSAGES = {
  idTaken: 'Another category was added with this id meanwhile; try again',
  nameTaken: (name: string) => `There is already a category called ${name}`,
  notFound: 'There is no such membership category',
} as const;
