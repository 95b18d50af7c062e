import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import type { Member } from '../../../../core/members/member';
import { addEvent, FETCH, postFetch, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';

// Duty swaps and direct transfers (docs/duties.md, "Swaps"); today is 1 June 2026.
let app: TestApp;
let admin: TestAgent;

useTestApp({ env: { TRUST_PROXY: '1' } }, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'duties@example.org', ['duties:write', 'events:read']);
});

const mailsOf = async (kind: string) => (await app.get('outbox').list()).filter((m) => m.kind === kind);

/**
 * A race on 4 July with a race officer slot and a safety boat slot (needs Powerboat Level 2);
 * Ann holds the safety boat, Olly is race officer. Bob and Fay are qualified and free; Cat is not
 * qualified; Dan is qualified but on a duty at an overlapping social; Eve is qualified but lapsed.
 */
let seasons = 0;

async function season() {
  // Each season's members share a last name no other season's begins like: a search by its first
  // three letters finds this season's members only. (Six random letters alone once began as
  // another season's did, and found that season's Fay too.)
  const stamp = `z${(seasons++).toString(36).padStart(2, '0')}${Math.random().toString(36).slice(2, 6)}`;
  const pb2 = (await postFetch(admin, '/api/admin/duties/qualifications', { name: `PB2 ${stamp}`, validityMonths: null })).body;
  const safety = (await postFetch(admin, '/api/admin/duties/types', { name: `Safety boat ${stamp}`, description: '', qualificationIds: [pb2.id] })).body;
  const officer = (await postFetch(admin, '/api/admin/duties/types', { name: `Race officer ${stamp}`, description: '', qualificationIds: [] })).body;
  const galley = (await postFetch(admin, '/api/admin/duties/types', { name: `Galley ${stamp}`, description: '', qualificationIds: [] })).body;
  const race = await addEvent(app, { name: `Summer race ${stamp}`, eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' });
  const social = await addEvent(app, { eventdatetime: '2026-07-04T15:00:00.000Z', eventenddatetime: '2026-07-04T20:00:00.000Z' });
  const safetySlot = (await postFetch(admin, `/api/admin/duties/events/${race.id}/slots`, { dutyTypeId: safety.id, needed: 1, optional: false })).body;
  const officerSlot = (await postFetch(admin, `/api/admin/duties/events/${race.id}/slots`, { dutyTypeId: officer.id, needed: 1, optional: false })).body;
  const socialSlot = (await postFetch(admin, `/api/admin/duties/events/${social.id}/slots`, { dutyTypeId: galley.id, needed: 1, optional: false })).body;
  const m: Record<string, Member> = {};
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'olly'])
    m[name] = await addListedMember(app, { name: `${name} ${stamp}`, ...(name === 'eve' ? { renewalDate: '2026-06-30' } : {}) });
  for (const name of ['ann', 'bob', 'dan', 'eve', 'fay'])
    await admin.put(`/api/admin/duties/member-qualifications/${m[name]!.id}/${pb2.id}`).set(FETCH).send({ expiresOn: null });
  expect((await postFetch(admin, `/api/admin/duties/slots/${safetySlot.id}/assignments`, { memberId: m.ann!.id })).status).toBe(201);
  expect((await postFetch(admin, `/api/admin/duties/slots/${officerSlot.id}/assignments`, { memberId: m.olly!.id })).status).toBe(201);
  expect((await postFetch(admin, `/api/admin/duties/slots/${socialSlot.id}/assignments`, { memberId: m.dan!.id })).status).toBe(201);
  return { m, race, safetySlot, safety };
}

describe('a swap request', () => {
  it('is e-mailed only to members eligible and free then; the first to accept takes it; both and the officer are told; the audit log has it', async () => {
    const { m, race, safetySlot, safety } = await season();
    // Signed in first: signedInMember reads the code from the member's latest e-mail.
    const [ann, bob, cat, fay] = [
      await signedInMember(app, m.ann!),
      await signedInMember(app, m.bob!),
      await signedInMember(app, m.cat!),
      await signedInMember(app, m.fay!),
    ];
    const asked = await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: null });
    expect(asked.status).toBe(201);
    expect(asked.body.offeredTo).toBe(2);
    const swapId = asked.body.swap.id;
    const requests = (await mailsOf('duty-swap-request')).filter((mail) => mail.recordId === swapId);
    expect(requests.map((mail) => mail.mail.to).sort()).toEqual([m.bob!.email, m.fay!.email].sort());
    expect(requests[0]!.mail.text).toContain(`/duties?swap=${swapId}`);
    expect(requests[0]!.mail.subject).toBe(`Can you take a duty? ${safety.name} at ${race.name}`);
    expect((await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: null })).body.error).toBe(
      'You have already asked for a swap of this duty',
    );
    expect((await ann.get('/api/my/duties')).body.duties.find((d: { slotId: string }) => d.slotId === safetySlot.id).swapId).toBe(swapId);

    expect((await bob.get(`/api/my/duty-swaps/${swapId}`)).body).toMatchObject({
      status: 'open',
      fromName: m.ann!.name,
      dutyTypeName: safety.name,
      refusal: null,
      yours: false,
    });
    expect((await cat.get(`/api/my/duty-swaps/${swapId}`)).body.refusal).toMatch(/^This member is not eligible for this duty: Needs PB2/);
    expect((await postFetch(cat, `/api/my/duty-swaps/${swapId}/accept`)).status).toBe(409);

    // Bob and Fay accept at the same moment: exactly one takes it.
    const answers = await Promise.all([postFetch(bob, `/api/my/duty-swaps/${swapId}/accept`), postFetch(fay, `/api/my/duty-swaps/${swapId}/accept`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe('Someone has already taken this duty');
    const winner = answers[0]!.status === 200 ? m.bob! : m.fay!;
    const roster = (await admin.get(`/api/admin/duties/events/${race.id}`)).body;
    expect(roster.slots.find((s: { id: string }) => s.id === safetySlot.id).holders.map((h: { memberId: string }) => h.memberId)).toEqual([winner.id]);
    const told = (await mailsOf('duty-swap-taken')).filter((mail) => mail.recordId === swapId);
    expect(told.map((mail) => mail.mail.to).sort()).toEqual([m.ann!.email, winner.email, m.olly!.email].sort());
    const entry = (await app.get('audit').list({ limit: 200 })).find((e) => e.action === 'duty.swap-taken' && e.recordId === safetySlot.id);
    expect(entry?.summary).toBe(`${winner.name} took over ${safety.name} at ${race.name} from ${m.ann!.name}`);
    expect((await ann.get('/api/my/duties')).body.duties).toEqual([]);
  });

  it('a direct transfer goes to the named eligible member only, and only they may accept it', async () => {
    const { m, safetySlot } = await season();
    const [ann, bob, fay] = [await signedInMember(app, m.ann!), await signedInMember(app, m.bob!), await signedInMember(app, m.fay!)];
    const stamp = m.ann!.name.split(' ')[1]!;
    expect(
      (await ann.get(`/api/my/duties/${safetySlot.id}/transfer-candidates`).query({ name: stamp })).body.candidates
        .map((c: { memberId: string }) => c.memberId)
        .sort(),
    ).toEqual([m.bob!.id, m.fay!.id].sort());
    expect((await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: m.cat!.id })).body.error).toBe(
      'That member is not eligible for this duty, or is on another duty then',
    );
    expect((await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: m.dan!.id })).status).toBe(400);
    const asked = await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: m.fay!.id });
    expect(asked.body.offeredTo).toBe(1);
    const swapId = asked.body.swap.id;
    expect((await mailsOf('duty-swap-request')).filter((mail) => mail.recordId === swapId).map((mail) => mail.mail.to)).toEqual([m.fay!.email]);
    expect((await postFetch(bob, `/api/my/duty-swaps/${swapId}/accept`)).body.error).toBe('This duty was handed to another member');
    const taken = await postFetch(fay, `/api/my/duty-swaps/${swapId}/accept`);
    expect(taken.status).toBe(200);
    expect(taken.body.swap.status).toBe('taken');
    expect((await fay.get('/api/my/duties')).body.duties.map((d: { slotId: string }) => d.slotId)).toEqual([safetySlot.id]);
  });

  it('needs a member session; a withdrawn request can no longer be taken; another member sees none of it', async () => {
    const { m, safetySlot } = await season();
    const [ann, bob] = [await signedInMember(app, m.ann!), await signedInMember(app, m.bob!)];
    const swapId = (await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`)).body.swap.id;
    for (const agent of [app.agent(), admin]) {
      expect((await agent.get(`/api/my/duty-swaps/${swapId}`)).status).toBe(401);
      expect((await postFetch(agent, `/api/my/duty-swaps/${swapId}/accept`)).status).toBe(401);
      expect((await postFetch(agent, `/api/my/duties/${safetySlot.id}/swap`)).status).toBe(401);
    }
    expect((await bob.post(`/api/my/duty-swaps/${swapId}/accept`)).status).toBe(403);
    expect((await bob.delete(`/api/my/duty-swaps/${swapId}`).set(FETCH)).status).toBe(404);
    expect((await postFetch(bob, `/api/my/duties/${safetySlot.id}/swap`)).body.error).toBe('You do not hold this duty');
    expect((await ann.delete(`/api/my/duty-swaps/${swapId}`).set(FETCH)).status).toBe(204);
    expect((await postFetch(bob, `/api/my/duty-swaps/${swapId}/accept`)).body.error).toBe('This swap request was withdrawn');
    expect((await bob.get('/api/my/duty-swaps/no-such-swap')).body).toEqual({ error: 'Swap request not found' });
  });
});

describe('asking again for the same duty', () => {
  /** How many swap requests about the slot each member got, by e-mail address. */
  const requestsPerRecipient = async (swapIds: readonly string[]) => {
    const counts: Record<string, number> = {};
    for (const mail of await mailsOf('duty-swap-request')) if (swapIds.includes(mail.recordId ?? '')) counts[mail.mail.to] = (counts[mail.mail.to] ?? 0) + 1;
    return counts;
  };

  it('e-mails no member twice about it, however often its holder asks and withdraws; the first e-mail’s link opens the request as it stands', async () => {
    const { m, safetySlot } = await season();
    const [ann, bob] = [await signedInMember(app, m.ann!), await signedInMember(app, m.bob!)];
    const asked: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      if (round > 0) expect((await ann.delete(`/api/my/duty-swaps/${asked.at(-1)}`).set(FETCH)).status).toBe(204);
      const answer = await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: null });
      expect(answer.status).toBe(201);
      expect(answer.body.offeredTo).toBe(2);
      asked.push(answer.body.swap.id);
    }
    expect(await requestsPerRecipient(asked)).toEqual({ [m.bob!.email]: 1, [m.fay!.email]: 1 });
    // A direct transfer to Bob after that is not a second e-mail either: his first link shows it.
    expect((await ann.delete(`/api/my/duty-swaps/${asked.at(-1)}`).set(FETCH)).status).toBe(204);
    const direct = await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: m.bob!.id });
    expect(direct.status).toBe(201);
    asked.push(direct.body.swap.id);
    expect(await requestsPerRecipient(asked)).toEqual({ [m.bob!.email]: 1, [m.fay!.email]: 1 });

    const [bobsMail] = (await mailsOf('duty-swap-request')).filter((mail) => mail.mail.to === m.bob!.email && asked.includes(mail.recordId ?? ''));
    const linked = /\/duties\?swap=([\w-]+)/.exec(bobsMail!.mail.text)![1]!;
    expect(linked).toBe(asked[0]);
    expect((await bob.get(`/api/my/duty-swaps/${linked}`)).body).toMatchObject({ id: direct.body.swap.id, status: 'open', direct: true, refusal: null });
    expect((await postFetch(bob, `/api/my/duty-swaps/${linked}/accept`)).status).toBe(200);
    expect((await bob.get('/api/my/duties')).body.duties.map((d: { slotId: string }) => d.slotId)).toEqual([safetySlot.id]);
  });

  it('is limited: a member’s sixth request in a day is refused (429) and nobody is written to', async () => {
    const { m, safetySlot } = await season();
    const ann = await signedInMember(app, m.ann!);
    const asked: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const answer = await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId: round % 2 === 0 ? null : m.fay!.id });
      expect(answer.status).toBe(201);
      asked.push(answer.body.swap.id);
      // Asking twice while one is open is refused and does not count.
      expect((await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`)).status).toBe(409);
      expect((await ann.delete(`/api/my/duty-swaps/${answer.body.swap.id}`).set(FETCH)).status).toBe(204);
    }
    const outboxBefore = (await app.get('outbox').list()).length;
    for (const toMemberId of [null, m.bob!.id]) {
      const refused = await postFetch(ann, `/api/my/duties/${safetySlot.id}/swap`, { toMemberId });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'You have asked for a swap 5 times in a day, the most a member may. Please try again tomorrow.' });
    }
    expect((await app.get('outbox').list()).length).toBe(outboxBefore);
    expect((await ann.get('/api/my/duties')).body.duties.find((d: { slotId: string }) => d.slotId === safetySlot.id).swapId).toBeNull();
    expect(await requestsPerRecipient(asked)).toEqual({ [m.bob!.email]: 1, [m.fay!.email]: 1 });
  });
});

describe('the members a duty may be handed to', () => {
  it('are shown only to its holder, only for a search of 2 letters or more, at most 10, by first name and last initial', async () => {
    const { m } = await season();
    const stamp = m.ann!.name.split(' ')[1]!;
    const initial = `${stamp[0]!.toUpperCase()}.`;
    const officerSlot = (await app.get('duties').listMemberDuties(m.olly!.id))[0]!.slotId;
    const [olly, bob] = [await signedInMember(app, m.olly!), await signedInMember(app, m.bob!)];
    const search = (agent: TestAgent, name?: string) =>
      agent.get(`/api/my/duties/${officerSlot}/transfer-candidates`).query(name === undefined ? {} : { name });

    // The race officer's duty needs no qualification: without a search it would be every member free then.
    for (const name of [undefined, '', ' b ']) {
      const refused = await search(olly, name);
      expect([refused.status, refused.body.error]).toEqual([400, 'Type at least 2 letters of the member’s name']);
    }
    expect((await search(bob, stamp)).body).toEqual({ error: 'You do not hold this duty' });
    // Bob, Cat and Fay are free then (Ann is on the race's safety boat, Dan at the social, Eve lapsed).
    const found = (await search(olly, stamp)).body;
    expect(found).toEqual({
      candidates: [
        { memberId: m.bob!.id, name: `bob ${initial}` },
        { memberId: m.cat!.id, name: `cat ${initial}` },
        { memberId: m.fay!.id, name: `fay ${initial}` },
      ],
      more: false,
    });
    expect(JSON.stringify(found)).not.toContain(stamp);
    expect((await search(olly, `FA ${stamp.slice(0, 3)}`)).body.candidates.map((c: { memberId: string }) => c.memberId)).toEqual([m.fay!.id]);
    expect((await search(olly, 'nobody-is-called-this')).body).toEqual({ candidates: [], more: false });

    for (let i = 0; i < 12; i += 1) await addListedMember(app, { name: `Sam ${stamp}` });
    const capped = (await search(olly, stamp)).body;
    expect(capped.candidates).toHaveLength(10);
    expect(capped.more).toBe(true);
    // A transfer may still name one beyond the ten shown: the server checks eligibility, not the list.
    expect((await postFetch(olly, `/api/my/duties/${officerSlot}/swap`, { toMemberId: m.fay!.id })).status).toBe(201);
  });
});
