import { z } from 'zod';
import { formCheck, type FormCheck } from '../shared/form-check';
import { MAX_PAYMENT_AMOUNT, minorToDecimalText, parseMoneyInput } from '../shared/money';
import type { MembershipCategory } from './membership-category';
import { MonthDaySchema, type MembershipSettings, type MonthDay } from './membership-settings';

/*
 * The admin Membership screen's two forms (docs/membership.md#administering-categories-and-settings):
 * the same rules and messages in the browser and on the server. Numbers are typed as text, as the
 * event form's price is; the schemas only bound the payload, the validate functions give the
 * friendly messages.
 */

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 1000;
export const CATEGORY_DUTIES_MAX = 50;

/** A category form as the browser sends it (a new category, or the changes of one). */
export const MembershipCategoryFormValuesSchema = z.object({
  name: z.string().max(2000).default(''),
  description: z
    .string()
    .max(CATEGORY_DESCRIPTION_MAX * 2)
    .default(''),
  /** The price of a whole membership year as decimal text ("120", "45.50"); 0 for a free category. */
  price: z.string().max(100).default(''),
  coversHousehold: z.boolean().default(false),
  /** Duties a membership year, as text: a whole number from 0 to 50. */
  dutiesPerSeason: z.string().max(100).default('0'),
  onlinePurchase: z.boolean().default(false),
  life: z.boolean().default(false),
  withdrawn: z.boolean().default(false),
});
export type MembershipCategoryFormValues = z.infer<typeof MembershipCategoryFormValuesSchema>;
export type MembershipCategoryFormErrors = Partial<Record<keyof MembershipCategoryFormValues, string>>;

/** The fields of a category an admin sets (the rest: its id and when it was made and changed). */
export type MembershipCategoryFields = Omit<MembershipCategory, 'id' | 'createdAt' | 'updatedAt'>;

export const MEMBERSHIP_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CATEGORY_NAME_MAX} characters`,
  nameTaken: (name: string) => `There is already a category called ${name}`,
  descriptionTooLong: `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
  priceRequired: 'Price is required (0 for a free category)',
  priceInvalid: 'Price must be 0 or more, in steps of 0.01',
  priceTooHigh: `Price must be at most ${minorToDecimalText(MAX_PAYMENT_AMOUNT)}`,
  dutiesInvalid: `Duties must be a whole number from 0 to ${CATEGORY_DUTIES_MAX}`,
  categoryNotFound: 'There is no such membership category',
  yearStartInvalid: 'Choose a start day that is in every year (not 29 February)',
  renewalWindowInvalid: 'Renewal window must be a whole number of weeks from 1 to 26',
  reminderDaysInvalid: 'Reminder days must be whole numbers from -90 to 90, separated by commas',
  reminderDaysTooMany: 'At most 8 reminders',
  discountPercentInvalid: 'Discount must be a whole percentage from 1 to 100, or empty for none',
  discountFromInvalid: 'Choose a day the discount starts that is in every year (not 29 February)',
  discountNotOnRolling: 'A joining discount applies to a fixed membership year only',
  applicationExpiryInvalid: 'Application expiry must be a whole number of days from 1 to 365',
} as const;

/** A whole number typed as text ("12", " -7 "), within [min, max]; null otherwise. */
function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/**
 * The rule of the category form: a name (trimmed, at most 100 characters), a description of at most
 * 1,000 characters, a price of 0 or more in steps of 0.01 up to the largest payment, a whole number
 * of duties from 0 to 50. Whether the name is free is the store's to say (case-insensitive).
 */
export function validateMembershipCategoryForm(values: MembershipCategoryFormValues): FormCheck<MembershipCategoryFields, MembershipCategoryFormErrors> {
  const errors: MembershipCategoryFormErrors = {};
  const name = values.name.trim().replace(/\s+/g, ' ');
  if (name === '') errors.name = MEMBERSHIP_FORM_MESSAGES.nameRequired;
  else if (name.length > CATEGORY_NAME_MAX) errors.name = MEMBERSHIP_FORM_MESSAGES.nameTooLong;
  const description = values.description.trim();
  if (description.length > CATEGORY_DESCRIPTION_MAX) errors.description = MEMBERSHIP_FORM_MESSAGES.descriptionTooLong;
  let seasonPrice = 0;
  if (values.price.trim() === '') errors.price = MEMBERSHIP_FORM_MESSAGES.priceRequired;
  else {
    const minor = parseMoneyInput(values.price);
    if (minor === null) errors.price = MEMBERSHIP_FORM_MESSAGES.priceInvalid;
    else if (minor > MAX_PAYMENT_AMOUNT) errors.price = MEMBERSHIP_FORM_MESSAGES.priceTooHigh;
    else seasonPrice = minor;
  }
  const duties = wholeNumber(values.dutiesPerSeason, 0, CATEGORY_DUTIES_MAX);
  if (duties === null) errors.dutiesPerSeason = MEMBERSHIP_FORM_MESSAGES.dutiesInvalid;
  return formCheck(errors, () => ({
    name,
    description,
    seasonPrice,
    coversHousehold: values.coversHousehold,
    dutiesPerSeason: duties ?? 0,
    onlinePurchase: values.onlinePurchase,
    life: values.life,
    withdrawn: values.withdrawn,
  }));
}

/** The category form as the screen opens it: empty for a new category, the category's fields otherwise. */
export function categoryToFormValues(category: MembershipCategoryFields | null): MembershipCategoryFormValues {
  if (category === null) {
    return { name: '', description: '', price: '', coversHousehold: false, dutiesPerSeason: '0', onlinePurchase: true, life: false, withdrawn: false };
  }
  return {
    name: category.name,
    description: category.description,
    price: minorToDecimalText(category.seasonPrice),
    coversHousehold: category.coversHousehold,
    dutiesPerSeason: String(category.dutiesPerSeason),
    onlinePurchase: category.onlinePurchase,
    life: category.life,
    withdrawn: category.withdrawn,
  };
}

/**
 * The id a new category gets from its name: lower-case letters and digits joined by hyphens, accents
 * dropped ("Crew (racing)" → "crew-racing"); "category" when the name has no such letter. When that
 * id is taken, the first free one of "-2", "-3"...
 */
export function categoryIdFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'category';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The settings form as the browser sends it: numbers as text, the joining discount empty for none. */
export const MembershipSettingsFormValuesSchema = z.object({
  yearKind: z.enum(['fixed', 'rolling']).default('fixed'),
  yearStartMonth: z.string().max(100).default(''),
  yearStartDay: z.string().max(100).default(''),
  renewalWindowWeeks: z.string().max(100).default(''),
  /** Days relative to the end, comma-separated: "-28, -7, 0, 14". */
  reminderDays: z.string().max(500).default(''),
  /** Empty for no joining discount. */
  discountPercent: z.string().max(100).default(''),
  discountFromMonth: z.string().max(100).default(''),
  discountFromDay: z.string().max(100).default(''),
  admission: z.enum(['after-payment', 'before-payment']).default('after-payment'),
  applicationExpiryDays: z.string().max(100).default(''),
});
export type MembershipSettingsFormValues = z.infer<typeof MembershipSettingsFormValuesSchema>;
export type MembershipSettingsFormErrors = Partial<Record<keyof MembershipSettingsFormValues, string>>;

/** A day of the year typed as month and day; null when it is not in every year. */
function monthDay(month: string, day: string): MonthDay | null {
  const m = wholeNumber(month, 1, 12);
  const d = wholeNumber(day, 1, 31);
  if (m === null || d === null) return null;
  const parsed = MonthDaySchema.safeParse({ month: m, day: d });
  return parsed.success ? parsed.data : null;
}

/** "-28, -7, 0, 14" → [-28, -7, 0, 14] (sorted, each once); empty text: no reminders; null when a part is not a day from -90 to 90. */
export function parseReminderDays(text: string): number[] | null {
  if (text.trim() === '') return [];
  const days: number[] = [];
  for (const part of text.split(',')) {
    const day = wholeNumber(part, -90, 90);
    if (day === null) return null;
    days.push(day);
  }
  return [...new Set(days)].sort((a, b) => a - b);
}

/**
 * The rule of the settings form: a fixed year's start day in every year, a renewal window of 1 to
 * 26 weeks, at most 8 reminder days from -90 to 90, a joining discount (fixed years only) of 1 to
 * 100 percent from a day in every year, an application expiry of 1 to 365 days.
 */
export function validateMembershipSettingsForm(values: MembershipSettingsFormValues): FormCheck<MembershipSettings, MembershipSettingsFormErrors> {
  const errors: MembershipSettingsFormErrors = {};
  const yearStart = values.yearKind === 'fixed' ? monthDay(values.yearStartMonth, values.yearStartDay) : null;
  if (values.yearKind === 'fixed' && yearStart === null) errors.yearStartDay = MEMBERSHIP_FORM_MESSAGES.yearStartInvalid;
  const renewalWindowWeeks = wholeNumber(values.renewalWindowWeeks, 1, 26);
  if (renewalWindowWeeks === null) errors.renewalWindowWeeks = MEMBERSHIP_FORM_MESSAGES.renewalWindowInvalid;
  const reminderDays = parseReminderDays(values.reminderDays);
  if (reminderDays === null) errors.reminderDays = MEMBERSHIP_FORM_MESSAGES.reminderDaysInvalid;
  else if (reminderDays.length > 8) errors.reminderDays = MEMBERSHIP_FORM_MESSAGES.reminderDaysTooMany;
  let joiningDiscount: MembershipSettings['joiningDiscount'];
  if (values.discountPercent.trim() !== '') {
    const percent = wholeNumber(values.discountPercent, 1, 100);
    const from = monthDay(values.discountFromMonth, values.discountFromDay);
    if (values.yearKind === 'rolling') errors.discountPercent = MEMBERSHIP_FORM_MESSAGES.discountNotOnRolling;
    else if (percent === null) errors.discountPercent = MEMBERSHIP_FORM_MESSAGES.discountPercentInvalid;
    if (from === null) errors.discountFromDay = MEMBERSHIP_FORM_MESSAGES.discountFromInvalid;
    if (percent !== null && from !== null) joiningDiscount = { from, percent };
  }
  const applicationExpiryDays = wholeNumber(values.applicationExpiryDays, 1, 365);
  if (applicationExpiryDays === null) errors.applicationExpiryDays = MEMBERSHIP_FORM_MESSAGES.applicationExpiryInvalid;
  return formCheck(errors, () => ({
    year: yearStart === null ? { kind: 'rolling' as const } : { kind: 'fixed' as const, yearStart },
    renewalWindowWeeks: renewalWindowWeeks ?? 1,
    reminderDays: reminderDays ?? [],
    ...(joiningDiscount ? { joiningDiscount } : {}),
    admission: values.admission,
    applicationExpiryDays: applicationExpiryDays ?? 1,
  }));
}

/** The settings form as the screen opens it. */
export function settingsToFormValues(settings: MembershipSettings): MembershipSettingsFormValues {
  const start = settings.year.kind === 'fixed' ? settings.year.yearStart : { month: 4, day: 1 };
  return {
    yearKind: settings.year.kind,
    yearStartMonth: String(start.month),
    yearStartDay: String(start.day),
    renewalWindowWeeks: String(settings.renewalWindowWeeks),
    reminderDays: settings.reminderDays.join(', '),
    discountPercent: settings.joiningDiscount ? String(settings.joiningDiscount.percent) : '',
    discountFromMonth: settings.joiningDiscount ? String(settings.joiningDiscount.from.month) : '10',
    discountFromDay: settings.joiningDiscount ? String(settings.joiningDiscount.from.day) : '1',
    admission: settings.admission,
    applicationExpiryDays: String(settings.applicationExpiryDays),
  };
}
