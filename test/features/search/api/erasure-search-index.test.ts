import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { RebuildSearchIndex } from '../../../../core/operations/rebuild-search-index';
import { aBooking, aWorkDay } from '../../../support/entities';
import { addEvent, FETCH, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';

// Erasure (docs/privacy-requests.md): after erasing a person, no search index record holds their name, e-mail or boat. The
// index is built from events, work days, documents, news and pages only (never from bookings,
// sign-ups, waiting lists or members), so a person reaches it only where an admin typed them into
// such a text; the erasure finds those by the e-mail, rewrites them, and rebuilds the index.
let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAdmin(app, 'dpo@example.org', ['privacy:manage']);
});
afterAll(async () => {
  await app.dispose();
});

/** Words no fixture or generated text holds by chance. */
const word = fc.stringMatching(/^[A-Z][a-z]{3,8}$/);

/** Every hit the four indexes give for a word, as text. */
async function hitsFor(text: string): Promise<string> {
  return JSON.stringify(await app.get('search').search(text, { hitsPerIndex: 50 })).toLowerCase();
}

describe('the search index after an erasure', () => {
  let run = 0;
  it('holds none of the person’s name, e-mail or boat, wherever an admin had typed them', async () => {
    await fc.assert(
      fc.asyncProperty(word, word, word, async (first, last, boat) => {
        run += 1;
        const ann = { first: `Ann${first}${run}`, last: `Qx${last}${run}`, boat: `Boat${boat}${run}`, email: `ann.${run}@example.org` };
        const marks = [ann.first, ann.last, ann.boat, ann.email];
        const event = await addEvent(app, {
          name: `Cruise ${run}`,
          description: `Crew wanted: ask ${ann.first} ${ann.last} (${ann.email}), skipper of ${ann.boat}`,
        });
        await app
          .get('bookings')
          .addIfPlacesRemain(
            aBooking({
              id: `ann-booking-${run}`,
              eventId: event.id,
              eventName: event.name,
              firstName: ann.first,
              lastName: ann.last,
              userEmail: ann.email,
              boatName: ann.boat,
            }),
            { capacity: null, now: app.clock.now() },
          );
        const bob = aBooking({
          id: `bob-booking-${run}`,
          eventId: event.id,
          eventName: event.name,
          firstName: 'Bob',
          lastName: 'Stern',
          userEmail: 'bob@example.org',
          boatName: 'Puffin',
        });
        await app.get('bookings').addIfPlacesRemain(bob, { capacity: null, now: app.clock.now() });
        await app
          .get('workDays')
          .create(aWorkDay({ id: `work-day-${run}`, name: `Haul-out ${run}`, description: `Led by ${ann.first} ${ann.last}, ${ann.email}` }));
        await app
          .get('workDays')
          .addSignup({
            id: `ann-signup-${run}`,
            workDayId: `work-day-${run}`,
            firstName: ann.first,
            lastName: ann.last,
            selectedJobs: [],
            otherJob: '',
            notes: '',
            bringingTools: false,
            wantsFood: false,
            submittedAt: '2026-05-01T09:00:00.000Z',
            email: ann.email,
          });
        await app.built.ports.useCase(RebuildSearchIndex).execute();
        // Found before: the index did hold them.
        expect(await hitsFor(ann.last)).toContain(ann.last.toLowerCase());

        const erased = await admin.post('/api/admin/privacy/erase').set(FETCH).send({ email: ann.email });
        expect(erased.status).toBe(200);

        for (const mark of marks) expect(await hitsFor(mark)).not.toContain(mark.toLowerCase());
        // The index was rebuilt from the erased records: the event is found by its own name, as now stored.
        const stored = await app.get('events').get(event.id);
        expect(stored).toMatchObject({ name: `Cruise ${run}`, description: expect.stringContaining('erased.invalid') });
        expect(await hitsFor('Cruise')).toContain(`cruise ${run}`);
        expect(await hitsFor('Haul-out')).toContain(`haul-out ${run}`);
        // Another member's booking at the event the e-mail was typed into is not theirs, and stays.
        expect(await app.get('bookings').get(`bob-booking-${run}`)).toEqual(bob);
      }),
      { numRuns: 3, endOnFailure: true },
    );
  }, 240_000);
});
