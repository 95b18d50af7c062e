import { describe, expect, it } from 'vitest';
import { startOfLondonDay } from '../../../../core/shared/london-time';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';
import { signedInAdminPage } from '../../../support/e2e/admin-form';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { PHONE } from '../../../support/e2e/browser';
import { eventually } from '../../../support/eventually';
import { useApp } from '../../../support/e2e/use-app';

// A page updated while marks waited (ADR 67): the device's database as the previous version kept
// it (version 1: the day, the marks, the conflicts) is upgraded when the new page opens, and the
// marks it had not sent are sent, once each.

const world = useApp();

describe('the officer of the day after an update, in Chromium', () => {
  it('sends the marks the previous version kept on the device, and keeps nothing of its stores', async () => {
    await storeOfficerDay((name) => world.app.built.ports.get(name), startOfLondonDay(new Date()));
    const page = await signedInAdminPage(world.browser, PHONE);
    const mark = {
      key: 'd3b07384-d9a0-4c5b-8e1f-2a3b4c5d6e7f',
      bookingId: OFFICER_DAY.soloBookingId,
      expectedVersion: 0,
      arrived: 1,
      arrivedPeople: ['booker'],
      madeAt: Date.now() - 60_000,
    };
    // The database as version 1 left it, written from an address of the site that runs no app.
    await page.goto('/api/config');
    await page.evaluate(async (kept) => {
      const done = (request: IDBRequest | IDBOpenDBRequest) =>
        new Promise((resolve, reject) => ((request.onsuccess = () => resolve(request.result)), (request.onerror = () => reject(request.error))));
      await done(indexedDB.deleteDatabase('kyc-officer-day'));
      const open = indexedDB.open('kyc-officer-day', 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('day');
        open.result.createObjectStore('marks', { keyPath: 'key' });
        open.result.createObjectStore('conflicts', { keyPath: 'bookingId' });
        open.transaction!.objectStore('marks').put(kept);
      };
      const database = (await done(open)) as IDBDatabase;
      database.close();
    }, mark);

    await page.goto('/admin/dashboard');
    await (await adminMenuLink(page, 'Today')).click();
    await page.getByRole('heading', { level: 3, name: /^Club race/ }).waitFor();
    await eventually(() => world.app.built.ports.get('attendance').countAppliedMarks(OFFICER_DAY.soloBookingId), 'the kept mark applied').toBe(1);
    await page.getByText('1 of 1 arrived').waitFor();
    await eventually(async () => page.getByText(/waiting to be sent/).count(), 'no mark waiting').toBe(0);
    const stores = await page.evaluate(async () => {
      const open = indexedDB.open('kyc-officer-day');
      const database = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
      const names = [...database.objectStoreNames];
      database.close();
      return names;
    });
    expect(stores).toEqual(['cache']);
  });
});
