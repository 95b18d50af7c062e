import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MembershipCategorySchema } from '../../../../core/membership/membership-category';
import {
  CreateMembershipCategory,
  GetMembershipSettings,
  ListMembershipCategories,
  ListOfferedMembershipCategories,
  SaveMembershipSettings,
  UpdateMembershipCategory,
} from '../../../../core/membership/membership-admin';
import {
  categoryIdFor,
  categoryToFormValues,
  MEMBERSHIP_FORM_MESSAGES,
  parseReminderDays,
  settingsToFormValues,
  validateMembershipCategoryForm,
  validateMembershipSettingsForm,
} from '../../../../core/membership/membership-forms';
import { DEFAULT_MEMBERSHIP_SETTINGS, MembershipSettingsSchema, type MembershipSettings } from '../../../../core/membership/membership-settings';
import { MAX_PAYMENT_AMOUNT } from '../../../../core/shared/money';
import { ConflictError, NotFoundError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { MemoryMembershipRepository } from '../../../../adapters/memory/memory-membership-repository';
import { makeWorld } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

/** The membership categories' and settings' rules (core/membership/membership-forms.ts) and their use cases. */

const monthDay = fc
  .integer({ min: 1, max: 12 })
  .chain((month) => fc.integer({ min: 1, max: [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]! }).map((day) => ({ month, day })));
const anySettings: fc.Arbitrary<MembershipSettings> = fc.oneof(
  fc
    .record({
      year: monthDay.map((yearStart) => ({ kind: 'fixed' as const, yearStart })),
      renewalWindowWeeks: fc.integer({ min: 1, max: 26 }),
      reminderDays: fc.uniqueArray(fc.integer({ min: -90, max: 90 }), { maxLength: 8 }).map((days) => days.sort((a, b) => a - b)),
      joiningDiscount: fc.option(fc.record({ from: monthDay, percent: fc.integer({ min: 1, max: 100 }) }), { nil: undefined }),
      admission: fc.constantFrom('after-payment' as const, 'before-payment' as const),
      applicationExpiryDays: fc.integer({ min: 1, max: 365 }),
    })
    .map(({ joiningDiscount, ...rest }) => (joiningDiscount ? { ...rest, joiningDiscount } : rest)),
  fc.record({
    year: fc.constant({ kind: 'rolling' as const }),
    renewalWindowWeeks: fc.integer({ min: 1, max: 26 }),
    reminderDays: fc.uniqueArray(fc.integer({ min: -90, max: 90 }), { maxLength: 8 }).map((days) => days.sort((a, b) => a - b)),
    admission: fc.constantFrom('after-payment' as const, 'before-payment' as const),
    applicationExpiryDays: fc.integer({ min: 1, max: 365 }),
  }),
);

describe('the category form', () => {
  it('reads back every price and duty count it shows: form values of a category check to the same fields', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAYMENT_AMOUNT }), fc.integer({ min: 0, max: 50 }), fc.boolean(), (seasonPrice, dutiesPerSeason, life) => {
        const fields = { name: 'Adult', description: '', seasonPrice, coversHousehold: false, dutiesPerSeason, onlinePurchase: true, life, withdrawn: false };
        expect(validateMembershipCategoryForm(categoryToFormValues(fields))).toEqual({ ok: true, value: fields });
      }),
    );
  });

  it('refuses a price above the largest payment or not in steps of 0.01, and duties outside 0 to 50, with clear messages', () => {
    const check = (price: string, dutiesPerSeason: string) =>
      validateMembershipCategoryForm({ ...categoryToFormValues(null), name: 'X', price, dutiesPerSeason });
    expect(check('1000000.01', '0')).toEqual({ ok: false, errors: { price: MEMBERSHIP_FORM_MESSAGES.priceTooHigh } });
    expect(check('', '0')).toEqual({ ok: false, errors: { price: MEMBERSHIP_FORM_MESSAGES.priceRequired } });
    expect(check('1.005', '51')).toEqual({
      ok: false,
      errors: { price: MEMBERSHIP_FORM_MESSAGES.priceInvalid, dutiesPerSeason: MEMBERSHIP_FORM_MESSAGES.dutiesInvalid },
    });
  });

  it('makes a valid, free id from any name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.uniqueArray(fc.constantFrom('adult', 'adult-2', 'category', 'crew', 'category-2')), (name, taken) => {
        const id = categoryIdFor(name, new Set(taken));
        expect(MembershipCategorySchema.shape.id.safeParse(id).success).toBe(true);
        expect(taken).not.toContain(id);
      }),
    );
    expect(categoryIdFor('Crew (Racing) Über', new Set())).toBe('crew-racing-uber');
    expect(categoryIdFor('Adult', new Set(['adult', 'adult-2']))).toBe('adult-3');
  });
});

describe('the settings form', () => {
  it('checks the form values of any valid settings back to the same settings', () => {
    fc.assert(
      fc.property(anySettings, (settings) => {
        expect(MembershipSettingsSchema.parse(settings)).toEqual(settings);
        expect(validateMembershipSettingsForm(settingsToFormValues(settings))).toEqual({ ok: true, value: settings });
      }),
    );
  });

  it('reads reminder days in any order and spacing, each once; refuses a word or a day beyond 90', () => {
    expect(parseReminderDays(' 14,-7 , 0,-28,-7 ')).toEqual([-28, -7, 0, 14]);
    expect(parseReminderDays('')).toEqual([]);
    expect(parseReminderDays('-7, soon')).toBeNull();
    expect(parseReminderDays('91')).toBeNull();
  });

  it('refuses 29 February as a start day: not every year has it', () => {
    const values = { ...settingsToFormValues(DEFAULT_MEMBERSHIP_SETTINGS), yearStartMonth: '2', yearStartDay: '29' };
    expect(validateMembershipSettingsForm(values)).toEqual({ ok: false, errors: { yearStartDay: MEMBERSHIP_FORM_MESSAGES.yearStartInvalid } });
  });
});

function world() {
  const w = { ...makeWorld(), membership: new MemoryMembershipRepository() };
  return {
    ...w,
    list: new ListMembershipCategories(w),
    offered: new ListOfferedMembershipCategories(w),
    create: new CreateMembershipCategory(w),
    update: new UpdateMembershipCategory(w),
    getSettings: new GetMembershipSettings(w),
    saveSettings: new SaveMembershipSettings(w),
  };
}

const secretary = anAdmin({ permissions: ['members:write'] });
const treasurer = anAdmin({ permissions: ['bookings:read', 'bookings:write'] });
const form = {
  name: 'Adult',
  description: '',
  price: '120',
  coversHousehold: false,
  dutiesPerSeason: '2',
  onlinePurchase: true,
  life: false,
  withdrawn: false,
};

describe('the membership use cases', () => {
  it('need members:write for every read and change', async () => {
    const w = world();
    for (const refused of [
      w.list.execute(treasurer),
      w.create.execute(treasurer, form),
      w.update.execute(treasurer, 'adult', form),
      w.getSettings.execute(treasurer),
      w.saveSettings.execute(treasurer, {}),
    ]) {
      await expect(refused).rejects.toBeInstanceOf(PermissionError);
    }
    expect(await w.membership.listCategories()).toEqual([]);
    expect(await w.audit.list({ limit: 10 })).toEqual([]);
  });

  it('refuse a second category of one name in another case, and change nothing', async () => {
    const w = world();
    await w.create.execute(secretary, form);
    await expect(w.create.execute(secretary, { ...form, name: ' aDULT ' })).rejects.toEqual(new ConflictError('There is already a category called Adult'));
    expect(await w.membership.listCategories()).toHaveLength(1);
  });

  it('write nothing for a change that changes nothing, and refuse an unknown id or a bad form', async () => {
    const w = world();
    const adult = await w.create.execute(secretary, form);
    const entries = (await w.audit.list({ limit: 10 })).length;
    expect(await w.update.execute(secretary, 'adult', { ...form, price: '120.00' })).toEqual(adult);
    expect((await w.audit.list({ limit: 10 })).length).toBe(entries);
    await expect(w.update.execute(secretary, 'nobody', form)).rejects.toBeInstanceOf(NotFoundError);
    await expect(w.update.execute(secretary, 'adult', { ...form, dutiesPerSeason: '-1' })).rejects.toBeInstanceOf(ValidationError);
    expect(await w.membership.getCategory('adult')).toEqual(adult);
  });

  it('offer online only the categories bought online and not withdrawn', async () => {
    const w = world();
    await w.create.execute(secretary, form);
    await w.create.execute(secretary, { ...form, name: 'Life', price: '0', onlinePurchase: false, life: true });
    await w.create.execute(secretary, { ...form, name: 'Old', withdrawn: true });
    expect((await w.offered.execute()).categories.map((c) => c.name)).toEqual(['Adult']);
  });

  it('read the defaults until saved; saving the same settings again writes no audit entry', async () => {
    const w = world();
    expect(await w.getSettings.execute(secretary)).toEqual({ settings: DEFAULT_MEMBERSHIP_SETTINGS, saved: false });
    await w.saveSettings.execute(secretary, settingsToFormValues(DEFAULT_MEMBERSHIP_SETTINGS));
    expect(await w.getSettings.execute(secretary)).toEqual({ settings: DEFAULT_MEMBERSHIP_SETTINGS, saved: true });
    expect(await w.audit.list({ limit: 10 })).toEqual([]);
  });
});
