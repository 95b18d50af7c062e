import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import type TestAgent from 'supertest/lib/agent';

/** Membership categories and settings over HTTP (docs/membership.md#administering-categories-and-settings). */

let app: TestApp;
let secretary: TestAgent;
let eventsAdmin: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  secretary = await signedInAdmin(app, 'secretary@example.org', ['members:write']);
  eventsAdmin = await signedInAdmin(app, 'events@example.org', ['events:read', 'events:write', 'bookings:read', 'bookings:write', 'content:write']);
});

const adultForm = {
  name: 'Adult',
  description: 'Full sailing membership',
  price: '120',
  coversHousehold: false,
  dutiesPerSeason: '2',
  onlinePurchase: true,
  life: false,
  withdrawn: false,
};
const auditOf = async (recordType: string) => (await app.get('audit').list({ limit: 1000 })).filter((entry) => entry.recordType === recordType);

describe('admins with members:write keep the membership categories', () => {
  it('add a category from the form: price typed as text, id from the name, listed by name, audited', async () => {
    const created = await secretary.post('/api/admin/membership/categories').set(FETCH).send(adultForm);
    expect(created.status).toBe(201);
    expect(created.body.category).toMatchObject({
      id: 'adult',
      name: 'Adult',
      seasonPrice: 12_000,
      dutiesPerSeason: 2,
      onlinePurchase: true,
      withdrawn: false,
    });
    const family = await secretary
      .post('/api/admin/membership/categories')
      .set(FETCH)
      .send({ ...adultForm, name: '  Family  (household) ', price: '180.50', coversHousehold: true, dutiesPerSeason: '3' });
    expect(family.body.category).toMatchObject({ id: 'family-household', name: 'Family (household)', seasonPrice: 18_050, coversHousehold: true });
    const list = await secretary.get('/api/admin/membership/categories');
    expect(list.status).toBe(200);
    expect(list.body.categories.map((c: { id: string }) => c.id)).toEqual(['adult', 'family-household']);
    const entry = (await auditOf('membershipCategory')).find((e) => e.recordId === 'adult');
    expect(entry).toMatchObject({ action: 'membershipCategory.created', recordId: 'adult', actor: { email: 'secretary@example.org' } });
    expect(entry!.changes).toContainEqual({ field: 'seasonPrice', before: null, after: 12_000 });
  });

  it('refuse a name another category has, whatever its case: 409 with a clear message, nothing added', async () => {
    const before = await app.get('membership').listCategories();
    const res = await secretary
      .post('/api/admin/membership/categories')
      .set(FETCH)
      .send({ ...adultForm, name: 'ADULT' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('There is already a category called Adult');
    expect(await app.get('membership').listCategories()).toEqual(before);
  });

  it("refuse a bad form with each field's message, and change nothing", async () => {
    const before = await app.get('membership').listCategories();
    const auditBefore = (await auditOf('membershipCategory')).length;
    const res = await secretary
      .post('/api/admin/membership/categories')
      .set(FETCH)
      .send({ ...adultForm, name: ' ', price: '12.345', dutiesPerSeason: '2.5' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      name: 'Name is required',
      price: 'Price must be 0 or more, in steps of 0.01',
      dutiesPerSeason: 'Duties must be a whole number from 0 to 50',
    });
    const update = await secretary
      .put('/api/admin/membership/categories/adult')
      .set(FETCH)
      .send({ ...adultForm, price: '-1' });
    expect(update.status).toBe(400);
    expect(update.body.error).toBe('Price must be 0 or more, in steps of 0.01');
    expect(await app.get('membership').listCategories()).toEqual(before);
    expect(await auditOf('membershipCategory')).toHaveLength(auditBefore);
  });

  it('change a category, rename it and withdraw it; its id stays; an unknown id is a 404', async () => {
    const changed = await secretary
      .put('/api/admin/membership/categories/adult')
      .set(FETCH)
      .send({ ...adultForm, name: 'Adult sailing', price: '125.00', withdrawn: true });
    expect(changed.status).toBe(200);
    expect(changed.body.category).toMatchObject({ id: 'adult', name: 'Adult sailing', seasonPrice: 12_500, withdrawn: true });
    expect((await app.get('membership').getCategory('adult'))?.withdrawn).toBe(true);
    const withdrawn = (await auditOf('membershipCategory')).find((entry) => entry.action === 'membershipCategory.withdrawn');
    expect(withdrawn?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Adult', after: 'Adult sailing' },
        { field: 'withdrawn', before: false, after: true },
      ]),
    );
    const taken = await secretary
      .put('/api/admin/membership/categories/adult')
      .set(FETCH)
      .send({ ...adultForm, name: 'family (HOUSEHOLD)' });
    expect(taken.status).toBe(409);
    const missing = await secretary.put('/api/admin/membership/categories/no-such').set(FETCH).send(adultForm);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('There is no such membership category');
  });

  it('anyone reads the categories offered online, with their prices: not the withdrawn, not those an admin grants', async () => {
    await secretary
      .post('/api/admin/membership/categories')
      .set(FETCH)
      .send({ ...adultForm, name: 'Life', price: '0', onlinePurchase: false, life: true });
    const res = await app.agent().get('/api/membership/categories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      currency: 'GBP',
      categories: [
        {
          id: 'family-household',
          name: 'Family (household)',
          description: 'Full sailing membership',
          seasonPrice: 18_050,
          coversHousehold: true,
          dutiesPerSeason: 3,
          life: false,
        },
      ],
    });
  });

  it('other admins may neither read nor change them', async () => {
    for (const res of [
      await eventsAdmin.get('/api/admin/membership/categories'),
      await eventsAdmin
        .post('/api/admin/membership/categories')
        .set(FETCH)
        .send({ ...adultForm, name: 'Sneaky' }),
      await eventsAdmin.get('/api/admin/membership/settings'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('You do not have permission to manage the member list.');
    }
  });
});

describe('admins with members:write keep the membership settings', () => {
  it('read the defaults until saved, save them from the form, and the change is audited', async () => {
    const first = await secretary.get('/api/admin/membership/settings');
    expect(first.body).toEqual({ settings: DEFAULT_MEMBERSHIP_SETTINGS, saved: false });
    const form = {
      yearKind: 'fixed',
      yearStartMonth: '1',
      yearStartDay: '1',
      renewalWindowWeeks: '6',
      reminderDays: '14, -7,0, -28, -7',
      discountPercent: '50',
      discountFromMonth: '7',
      discountFromDay: '1',
      admission: 'before-payment',
      applicationExpiryDays: '45',
    };
    const saved = await secretary.put('/api/admin/membership/settings').set(FETCH).send(form);
    expect(saved.status).toBe(200);
    const settings = {
      year: { kind: 'fixed', yearStart: { month: 1, day: 1 } },
      renewalWindowWeeks: 6,
      reminderDays: [-28, -7, 0, 14],
      joiningDiscount: { from: { month: 7, day: 1 }, percent: 50 },
      admission: 'before-payment',
      applicationExpiryDays: 45,
    };
    expect(saved.body).toEqual({ settings, saved: true });
    expect((await secretary.get('/api/admin/membership/settings')).body).toEqual({ settings, saved: true });
    const [entry] = await auditOf('membershipSettings');
    expect(entry).toMatchObject({ action: 'membershipSettings.updated' });
    expect(entry!.changes).toContainEqual({ field: 'year', before: 'fixed, from 1 April', after: 'fixed, from 1 January' });
    expect(entry!.changes).toContainEqual({ field: 'joiningDiscount', before: 'none', after: '50% from 1 July' });
  });

  it("refuse bad settings with each field's message, and keep those saved", async () => {
    const before = await app.get('membership').getSettings();
    const res = await secretary
      .put('/api/admin/membership/settings')
      .set(FETCH)
      .send({
        yearKind: 'rolling',
        renewalWindowWeeks: '0',
        reminderDays: '-7, soon',
        discountPercent: '10',
        discountFromMonth: '2',
        discountFromDay: '29',
        admission: 'after-payment',
        applicationExpiryDays: '366',
      });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      renewalWindowWeeks: 'Renewal window must be a whole number of weeks from 1 to 26',
      reminderDays: 'Reminder days must be whole numbers from -90 to 90, separated by commas',
      discountPercent: 'A joining discount applies to a fixed membership year only',
      discountFromDay: 'Choose a day the discount starts that is in every year (not 29 February)',
      applicationExpiryDays: 'Application expiry must be a whole number of days from 1 to 365',
    });
    const wrongKind = await secretary.put('/api/admin/membership/settings').set(FETCH).send({ yearKind: 'monthly' });
    expect(wrongKind.status).toBe(400);
    expect(await app.get('membership').getSettings()).toEqual(before);
  });
});
