import { expect, it } from 'vitest';
import type { MembershipRepository } from '../../../../core/membership/membership-repository.port';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings } from '../../../../core/membership/membership-settings';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';
import { aMembershipCategory } from '../../../support/entities';
import { describeContract, itAnswers, rejectionOf, type AdapterFactory } from '../../../support/contract/storage-fixtures';

export const aCategory = aMembershipCategory;

export function describeMembershipRepositoryContract(name: string, makeAdapter: AdapterFactory<MembershipRepository>): void {
  describeContract('MembershipRepository', name, makeAdapter, (store) => {
    itAnswers(
      'holds no category and no settings at first',
      [() => store().listCategories(), []],
      [() => store().getCategory('adult'), null],
      [() => store().getSettings(), null],
    );

    it('reads back a created category equal to what was stored, the list by name whatever the order added', async () => {
      const family = aCategory({ id: 'family', name: 'family', coversHousehold: true, seasonPrice: 18_050, updatedAt: '2026-11-27T11:00:00+01:00' });
      const junior = aCategory({
        id: 'junior',
        name: 'Junior',
        description: '',
        seasonPrice: 0,
        dutiesPerSeason: 0,
        onlinePurchase: false,
        life: true,
        withdrawn: true,
      });
      for (const category of [junior, family, aCategory()]) await store().createCategory(category);
      expect(await store().getCategory('family')).toEqual(family);
      expect((await store().listCategories()).map((c) => c.id)).toEqual(['adult', 'family', 'junior']);
      expect(await store().listCategories()).toEqual([aCategory(), family, junior]);
    });

    it('refuses a second category of the same name in any case, or of a taken id, and keeps the first', async () => {
      await store().createCategory(aCategory());
      expect(await rejectionOf(store().createCategory(aCategory({ id: 'adult-2', name: '  ADULT ' })))).toBeInstanceOf(ConflictError);
      expect(await rejectionOf(store().createCategory(aCategory({ name: 'Grown-up' })))).toBeInstanceOf(ConflictError);
      expect(await store().listCategories()).toEqual([aCategory()]);
    });

    it('stores one of two creations racing for one name, and refuses the other', async () => {
      const outcomes = await Promise.allSettled([
        store().createCategory(aCategory({ id: 'crew', name: 'Crew' })),
        store().createCategory(aCategory({ id: 'crew-2', name: 'crew' })),
        store().createCategory(aCategory({ id: 'crew-3', name: 'CREW' })),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConflictError);
      expect(await store().listCategories()).toHaveLength(1);
    });

    it('updates a category in place, its name too, and refuses a name another category has', async () => {
      await store().createCategory(aCategory());
      await store().createCategory(aCategory({ id: 'social', name: 'Social' }));
      const renamed = aCategory({ name: 'Adult sailing', seasonPrice: 13_000, withdrawn: true, updatedAt: '2026-11-28T09:00:00.000Z' });
      await store().updateCategory(renamed);
      expect(await store().getCategory('adult')).toEqual(renamed);
      expect(await rejectionOf(store().updateCategory(aCategory({ name: 'social' })))).toBeInstanceOf(ConflictError);
      expect(await store().getCategory('adult')).toEqual(renamed);
      await store().updateCategory(aCategory({ name: 'ADULT SAILING' }));
      expect((await store().getCategory('adult'))?.name).toBe('ADULT SAILING');
    });

    it('keeps names unique when two categories are renamed to one name at once', async () => {
      await store().createCategory(aCategory());
      await store().createCategory(aCategory({ id: 'social', name: 'Social' }));
      const outcomes = await Promise.allSettled([
        store().updateCategory(aCategory({ name: 'Members' })),
        store().updateCategory(aCategory({ id: 'social', name: 'MEMBERS' })),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConflictError);
      expect((await store().listCategories()).filter((c) => c.name.toLowerCase() === 'members')).toHaveLength(1);
    });

    it('refuses to update a category that is not there, and stores nothing', async () => {
      expect(await rejectionOf(store().updateCategory(aCategory()))).toBeInstanceOf(NotFoundError);
      expect(await store().listCategories()).toEqual([]);
    });

    it('returns null for an id that names no category, whatever its text', async () => {
      await store().createCategory(aCategory());
      for (const id of ['ADULT', '', 'adult/x', '..', '__x__', 'x'.repeat(2000)]) expect(await store().getCategory(id)).toBeNull();
    });

    it('refuses a category that is not valid with a ValidationError, and stores nothing', async () => {
      const bad = [
        aCategory({ id: 'Adult' }),
        aCategory({ name: '' }),
        aCategory({ seasonPrice: -1 }),
        aCategory({ seasonPrice: 1.5 }),
        aCategory({ dutiesPerSeason: 51 }),
        aCategory({ createdAt: 'today' }),
      ];
      for (const category of bad) expect(await rejectionOf(store().createCategory(category))).toBeInstanceOf(ValidationError);
      expect(await store().listCategories()).toEqual([]);
    });

    it('saves the settings and reads them back equal, replacing those saved before', async () => {
      await store().saveSettings(DEFAULT_MEMBERSHIP_SETTINGS);
      expect(await store().getSettings()).toEqual(DEFAULT_MEMBERSHIP_SETTINGS);
      const rolling: MembershipSettings = {
        year: { kind: 'rolling' },
        renewalWindowWeeks: 4,
        reminderDays: [],
        admission: 'before-payment',
        applicationExpiryDays: 365,
      };
      await store().saveSettings(rolling);
      expect(await store().getSettings()).toEqual(rolling);
      const discounted: MembershipSettings = { ...DEFAULT_MEMBERSHIP_SETTINGS, joiningDiscount: { from: { month: 10, day: 1 }, percent: 50 } };
      await store().saveSettings(discounted);
      expect(await store().getSettings()).toEqual(discounted);
    });

    it('refuses settings that are not valid, and keeps those saved', async () => {
      await store().saveSettings(DEFAULT_MEMBERSHIP_SETTINGS);
      const bad = [
        { ...DEFAULT_MEMBERSHIP_SETTINGS, year: { kind: 'fixed', yearStart: { month: 2, day: 29 } } },
        { ...DEFAULT_MEMBERSHIP_SETTINGS, renewalWindowWeeks: 0 },
        { ...DEFAULT_MEMBERSHIP_SETTINGS, reminderDays: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      ] as MembershipSettings[];
      for (const settings of bad) expect(await rejectionOf(store().saveSettings(settings))).toBeInstanceOf(ValidationError);
      expect(await store().getSettings()).toEqual(DEFAULT_MEMBERSHIP_SETTINGS);
    });
  });
}
