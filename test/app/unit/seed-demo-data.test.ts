import { describe, expect, it } from 'vitest';
import { GetDocumentFile } from '../../../core/content/club-content';
import { placesLeft } from '../../../core/bookings/booking-state';
import { addDaysToDate, londonDate } from '../../../core/shared/london-time';
import type { SearchHit } from '../../../core/search/search-hit';
import { demoData } from '../../../server/seed/demo-data';
import { seedDemoData } from '../../../server/seed/seed-demo-data';
import { RebuildSearchIndex } from '../../../core/operations/rebuild-search-index';
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { TEST_CARDS, TestPaymentGateway } from '../../../adapters/test-payments/test-payment-gateway';
import { memoryStorage } from '../../support/stores';

const NOW = new Date('2026-06-01T09:00:00.000Z');

function memoryDeps() {
  const { events, workDays, campaigns, documents, files, waterLevels, search, bookings, sitePages, membership } = memoryStorage();
  return { membership, events, workDays, campaigns, documents, files, waterLevels, search, bookings, sitePages, clubName: 'Kestrel Yacht Club' };
}

async function snapshot(deps: ReturnType<typeof memoryDeps>) {
  const workDays = await deps.workDays.list();
  return {
    events: await deps.events.list({ order: 'asc' }),
    workDays,
    signups: await Promise.all(workDays.map((w) => deps.workDays.listSignups(w.id))),
    campaigns: await deps.campaigns.listRecent(),
    documents: await deps.documents.list(),
    bookings: await deps.bookings.listAll(),
    waterLevels: await deps.waterLevels.readings('1900-01-01', '2999-12-31'),
  };
}

const find = (hits: SearchHit[], objectID: string) => hits.find((h) => h.objectID === objectID);

describe('seedDemoData', () => {
  it("gives a fresh app a club's membership categories, and keeps an admin's changes when run again", async () => {
    const deps = memoryDeps();
    await seedDemoData(deps, NOW);
    const categories = await deps.membership.listCategories();
    expect(categories.map((c) => [c.name, c.coversHousehold, c.onlinePurchase, c.life])).toEqual([
      ['Adult', false, true, false],
      ['Crew', false, true, false],
      ['Family', true, true, false],
      ['Junior', false, true, false],
      ['Life', false, false, true],
      ['Social', false, true, false],
    ]);
    expect(categories.every((c) => (c.life ? c.seasonPrice === 0 : c.seasonPrice > 0))).toBe(true);
    await deps.membership.updateCategory({ ...categories[0], seasonPrice: 13_500 });
    await seedDemoData(deps, NOW);
    expect((await deps.membership.getCategory('adult'))?.seasonPrice).toBe(13_500);
    expect(await deps.membership.listCategories()).toHaveLength(6);
  });

  it('stores every demo entity', async () => {
    const deps = memoryDeps();
    await seedDemoData(deps, NOW);
    const data = demoData(NOW);
    const stored = await snapshot(deps);
    expect(stored.events).toHaveLength(data.events.length);
    expect(stored.workDays).toHaveLength(2);
    expect(stored.signups.flat()).toHaveLength(data.workDaySignups.length);
    expect(stored.campaigns.map((c) => c.id)).toEqual(data.campaigns.map((c) => c.id));
    expect(stored.documents).toHaveLength(7);
    expect(stored.bookings).toHaveLength(data.bookings.length);
    expect(stored.waterLevels).toHaveLength(365);
    // What the water-level chart asks for by default: the last 365 days.
    const today = londonDate(NOW);
    expect(await deps.waterLevels.readings(addDaysToDate(today, -364), today)).toHaveLength(365);

    const file = await new GetDocumentFile(deps).execute('club-constitution');
    expect(await deps.files.list('documents/')).toHaveLength(7);
    expect(file?.contentType).toBe('application/pdf');
    expect(Buffer.from(file!.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const taster = stored.events.find((e) => e.capacity !== null)!;
    const left = placesLeft(taster.capacity, await deps.bookings.listByEvent(taster.id), NOW);
    expect(left).toBe(3);
  });

  it('lets the search find an event, a document, a page and a news item', async () => {
    const deps = memoryDeps();
    await seedDemoData(deps, NOW);

    const regatta = find(await deps.search.search('regatta', { hitsPerIndex: 10 }), 'open-regatta');
    expect(regatta?.index).toBe('events');
    expect(regatta?.bookingUrl).toBe('/event-booking?id=open-regatta');

    const constitution = find(await deps.search.search('constitution', { hitsPerIndex: 10 }), 'club-constitution');
    expect(constitution?.index).toBe('documents');
    expect(constitution?.downloadUrl).toBe('/api/documents/club-constitution/file');

    const radio = find(await deps.search.search('channel 16', { hitsPerIndex: 10 }), 'page-beginners-using-the-radio');
    expect(radio?.index).toBe('pages');
    expect(radio?.path).toBe('/beginners');
    const hull = await deps.search.search('hull speed', { hitsPerIndex: 10 });
    expect(hull.map((h) => h.path)).toContain('/beginners');
    const slips = await deps.search.search('trip slip', { hitsPerIndex: 10 });
    expect(slips.map((h) => h.path)).toContain('/information');

    const news = find(await deps.search.search('rescue boat', { hitsPerIndex: 10 }), 'cmp-new-rescue-boat');
    expect(news?.index).toBe('news');
    expect(news?.type).toBe('news');
  });

  it('is harmless to run twice, even on a later day, and keeps what an admin changed', async () => {
    const deps = memoryDeps();
    await seedDemoData(deps, NOW);
    const regatta = (await deps.events.get('open-regatta'))!;
    await deps.events.update({ ...regatta, name: 'Kestrel Open Regatta (renamed by an admin)' });
    await deps.events.delete('annual-general-meeting');
    const [corrected] = await deps.waterLevels.readings('1900-01-01', '2999-12-31');
    await deps.waterLevels.putMany([{ date: corrected.date, percentFull: 12.5 }]);
    const before = await snapshot(deps);

    await seedDemoData(deps, NOW);
    const again = await snapshot(deps);
    // The deleted event comes back (it is demo data); nothing else changes and nothing is doubled.
    expect(again.events.find((e) => e.id === 'annual-general-meeting')).toBeDefined();
    expect({ ...again, events: again.events.filter((e) => e.id !== 'annual-general-meeting') }).toEqual(before);
    expect((await deps.events.get('open-regatta'))?.name).toBe('Kestrel Open Regatta (renamed by an admin)');

    const later = new Date(NOW.getTime() + 3 * 86_400_000);
    await seedDemoData(deps, later);
    const third = await snapshot(deps);
    expect(third.events).toEqual(again.events);
    expect(third.bookings).toEqual(again.bookings);
    expect(third.waterLevels).toHaveLength(368);
    // A reading an admin corrected is kept; the seed only fills the days without one.
    expect(third.waterLevels.find((r) => r.date === corrected.date)).toEqual({ date: corrected.date, percentFull: 12.5 });

    const hits = await deps.search.search('renamed', { hitsPerIndex: 10 });
    expect(hits.map((h) => h.objectID)).toEqual(['open-regatta']);
    const regattas = await deps.search.search('regatta', { hitsPerIndex: 10 });
    expect(regattas.filter((h) => h.objectID === 'open-regatta')).toHaveLength(1);
  });

  it('does not give demo bookings to an event whose places an admin cut', async () => {
    const deps = memoryDeps();
    const taster = demoData(NOW).events.find((e) => e.id === 'taster-sail')!;
    await deps.events.create({ ...taster, capacity: 2 });
    await seedDemoData(deps, NOW);
    const bookings = await deps.bookings.listByEvent('taster-sail');
    expect(bookings.reduce((n, b) => n + b.numberAttending, 0)).toBeLessThanOrEqual(2);
  });

  it('takes the demo card payments through the test gateway, which can then refund them in full', async () => {
    const deps = memoryDeps();
    const gateway = new TestPaymentGateway({
      checkoutSecret: 'a-checkout-secret-for-tests',
      webhookSecret: 'a-webhook-secret-for-tests',
      clock: new FixedClock(NOW),
    });
    await seedDemoData({ ...deps, cardPayments: { gateway, cardToken: TEST_CARDS.succeeds } }, NOW);
    const paid = (await deps.bookings.listAll()).filter((b) => b.paid);
    expect(paid.length).toBeGreaterThanOrEqual(4);
    expect(gateway.charges.map((c) => c.paymentId).sort()).toEqual(paid.map((b) => b.paymentId).sort());
    for (const booking of paid) {
      const refund = await gateway.refund({
        paymentId: booking.paymentId!,
        amount: booking.paymentAmount!,
        currency: booking.paymentCurrency!,
        reason: 'demo',
        idempotencyKey: `r-${booking.id}`,
      });
      expect(refund, booking.id).toMatchObject({ status: 'REFUNDED' });
    }
    // Without the gateway the ids are made up, and no gateway would refund them.
    const unpaidDeps = memoryDeps();
    await seedDemoData(unpaidDeps, NOW);
    const madeUp = (await unpaidDeps.bookings.listAll()).find((b) => b.paid)!;
    expect(await gateway.refund({ paymentId: madeUp.paymentId!, amount: 100, currency: 'GBP', reason: 'demo', idempotencyKey: 'made-up' })).toMatchObject({
      status: 'FAILED',
    });
  });

  it('works without a booking repository', async () => {
    const { bookings, ...deps } = memoryDeps();
    await seedDemoData(deps, NOW);
    expect(await bookings.listAll()).toEqual([]);
    expect(await deps.events.list({ order: 'asc' })).toHaveLength(demoData(NOW).events.length);
  });
});

describe('RebuildSearchIndex after seeding', () => {
  it('rebuilds the indexes from what is stored, dropping what is gone', async () => {
    const deps = memoryDeps();
    await seedDemoData(deps, NOW);
    await deps.events.delete('spring-pursuit-race');
    const garda = (await deps.events.get('lake-garda-flotilla'))!;
    await deps.events.update({ ...garda, name: 'Lake Maggiore Flotilla Week' });
    await deps.campaigns.put({ id: 'cmp-late-news', subject: 'Dinghy park gate code changes', finished_at: NOW.toISOString(), preview_url: null });
    await deps.search.replaceAll('pages', []);

    await new RebuildSearchIndex({ ...deps, campaignSource: deps.campaigns }).execute();

    const pursuit = await deps.search.search('pursuit', { hitsPerIndex: 10 });
    expect(pursuit.length).toBeGreaterThan(0);
    expect(pursuit.map((h) => h.objectID)).not.toContain('spring-pursuit-race');
    expect((await deps.search.search('maggiore', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['lake-garda-flotilla']);
    expect((await deps.search.search('gate code', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['cmp-late-news']);
    expect((await deps.search.search('hull speed', { hitsPerIndex: 10 })).length).toBeGreaterThan(0);
  });
});
