import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { readFeed, vevents } from '../../../support/ics-feed';
import { addEvent, FETCH, postFetch, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { asText } from '../../../support/api/text-body';

// Duties in My club's private calendar feed (docs/my-club.md); today is 1 June 2026.
let app: TestApp;
let admin: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'feed-duties@example.org', ['duties:write', 'events:read']);
});

const feedText = async (path: string) => (await app.agent().get(path).buffer(true).parse(asText)).body as string;

describe('My club’s calendar feed and duties', () => {
  it('holds each duty the member holds, under the UID its reminder uses, at the duty’s time, and loses it when they are taken off', async () => {
    const galley = (await postFetch(admin, '/api/admin/duties/types', { name: 'Galley feed', description: '', qualificationIds: [] })).body;
    const race = await addEvent(app, { name: 'Feed race', eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' });
    const slot = (await postFetch(admin, `/api/admin/duties/events/${race.id}/slots`, { dutyTypeId: galley.id, needed: 1, optional: false })).body;
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    expect((await postFetch(admin, `/api/admin/duties/slots/${slot.id}/assignments`, { memberId: member.id })).status).toBe(201);
    const path = (await postFetch(agent, '/api/my/calendar-feed')).body.path as string;

    const entries = vevents(readFeed(await feedText(path)));
    const duty = entries.find((e) => e.uid === `duty-${slot.id}-${member.id}@kyc-members-area`);
    expect(duty?.summary).toBe('Duty: Galley feed, Feed race');
    expect(duty?.startDate.toJSDate().toISOString()).toBe('2026-07-04T09:00:00.000Z');
    expect(duty?.endDate.toJSDate().toISOString()).toBe('2026-07-04T16:00:00.000Z');

    expect((await admin.delete(`/api/admin/duties/slots/${slot.id}/assignments/${member.id}`).set(FETCH)).status).toBe(204);
    expect(vevents(readFeed(await feedText(path))).map((e) => e.uid)).not.toContain(`duty-${slot.id}-${member.id}@kyc-members-area`);
  });
});
