import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../../core/members/member';
import { FETCH, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';

/**
 * The members' permission matrix (docs/my-club.md): every route that acts for a signed-in member
 * refuses anyone else with 401 "Please sign in" and changes nothing: no cookie, a forged or
 * garbage one, an admin's session (an admin account is not a member), and the session of a member
 * the club has since disabled. The table must name every such route the server declares, so a new
 * member route cannot be added without joining it.
 */

let app: TestApp;
let disabled: Member;
let disabledAgent: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  app = await startTestApp();
  disabled = await addListedMember(app, { name: 'Dana Lapsed' });
  disabledAgent = await signedInMember(app, disabled);
  await app.get('members').update({ ...disabled, disabled: true, updatedAt: '2026-06-01T10:00:00.000Z' });
});
afterAll(async () => {
  await app.dispose();
});

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface MemberRoute {
  method: Method;
  /** The route as declared. */
  route: string;
  path: string;
  /** A body the route accepts, so that what refuses it is the missing member and not the form. */
  body?: object;
}

const person = { name: 'Kit Junior', kind: 'junior', yearOfBirth: '2016' };
const b64 = 'AAAA';
const MEMBER_ROUTES: MemberRoute[] = [
  { method: 'get', route: '/api/my/bookings', path: '/api/my/bookings' },
  { method: 'get', route: '/api/my/waiting-lists', path: '/api/my/waiting-lists' },
  { method: 'get', route: '/api/my/work-days', path: '/api/my/work-days' },
  { method: 'get', route: '/api/my/household', path: '/api/my/household' },
  { method: 'get', route: '/api/my/calendar-feed', path: '/api/my/calendar-feed' },
  { method: 'post', route: '/api/my/calendar-feed', path: '/api/my/calendar-feed', body: {} },
  { method: 'post', route: '/api/my/household', path: '/api/my/household', body: person },
  { method: 'put', route: '/api/my/household/:id', path: '/api/my/household/someone', body: person },
  { method: 'delete', route: '/api/my/household/:id', path: '/api/my/household/someone' },
  { method: 'get', route: '/api/my/duties', path: '/api/my/duties' },
  { method: 'post', route: '/api/my/duties/:slotId', path: '/api/my/duties/slot-1' },
  { method: 'delete', route: '/api/my/duties/:slotId', path: '/api/my/duties/slot-1' },
  { method: 'post', route: '/api/my/duties/:slotId/swap', path: '/api/my/duties/slot-1/swap', body: { toMemberId: null } },
  { method: 'get', route: '/api/my/duties/:slotId/transfer-candidates', path: '/api/my/duties/slot-1/transfer-candidates?name=robin' },
  { method: 'get', route: '/api/my/duty-swaps/:swapId', path: '/api/my/duty-swaps/swap-1' },
  { method: 'post', route: '/api/my/duty-swaps/:swapId/accept', path: '/api/my/duty-swaps/swap-1/accept' },
  { method: 'delete', route: '/api/my/duty-swaps/:swapId', path: '/api/my/duty-swaps/swap-1' },
  { method: 'get', route: '/api/my/availability', path: '/api/my/availability' },
  { method: 'put', route: '/api/my/availability', path: '/api/my/availability', body: { unavailable: [], wishes: [] } },
  { method: 'get', route: '/api/my/duty-quota', path: '/api/my/duty-quota' },
  { method: 'get', route: '/api/my/rota', path: '/api/my/rota' },
  { method: 'post', route: '/api/my/household/invitations', path: '/api/my/household/invitations', body: { email: 'someone@example.org' } },
  { method: 'post', route: '/api/my/household/invitations/:id/accept', path: '/api/my/household/invitations/inv-1/accept' },
  { method: 'delete', route: '/api/my/household/invitations/:id', path: '/api/my/household/invitations/inv-1' },
  { method: 'post', route: '/api/my/household/leave', path: '/api/my/household/leave' },
  { method: 'get', route: '/api/my/data', path: '/api/my/data' },
  { method: 'get', route: '/api/my/details', path: '/api/my/details' },
  { method: 'put', route: '/api/my/details', path: '/api/my/details', body: { phone: '07700 900123', emergencyContactName: '', emergencyContactPhone: '' } },
  { method: 'post', route: '/api/my/details/email', path: '/api/my/details/email', body: { email: 'new.address@example.org' } },
  { method: 'post', route: '/api/my/details/email/confirm', path: '/api/my/details/email/confirm', body: { email: 'new.address@example.org', code: '123456' } },
  { method: 'get', route: '/api/my/renewal', path: '/api/my/renewal' },
  {
    method: 'post',
    route: '/api/my/renewal',
    path: '/api/my/renewal',
    body: { phone: '', emergencyContactName: '', emergencyContactPhone: '', categoryId: 'adult', accept: true, dutiesPledged: 0, method: 'cash' },
  },
  { method: 'post', route: '/api/my/renewal/pay', path: '/api/my/renewal/pay', body: { orderId: 'order-1', cardToken: '4111 1111 1111 1111' } },
  { method: 'post', route: '/api/my/erase', path: '/api/my/erase', body: { confirm: true } },
  { method: 'get', route: '/api/member/passkeys', path: '/api/member/passkeys' },
  { method: 'post', route: '/api/member/passkeys/options', path: '/api/member/passkeys/options' },
  {
    method: 'post',
    route: '/api/member/passkeys',
    path: '/api/member/passkeys',
    body: { id: b64, rawId: b64, type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: b64, attestationObject: b64 } },
  },
  { method: 'delete', route: '/api/member/passkeys/:id', path: '/api/member/passkeys/passkey-1' },
  { method: 'post', route: '/api/member/sign-out-everywhere', path: '/api/member/sign-out-everywhere' },
  { method: 'get', route: '/api/my/announcements', path: '/api/my/announcements' },
  { method: 'get', route: '/api/my/events/:id/announcements', path: '/api/my/events/regatta/announcements' },
  { method: 'get', route: '/api/my/push', path: '/api/my/push' },
  { method: 'put', route: '/api/my/push', path: '/api/my/push', body: { endpoint: 'https://push.example.net/d1', kinds: ['announcement'] } },
  {
    method: 'post',
    route: '/api/my/push/subscriptions',
    path: '/api/my/push/subscriptions',
    body: { endpoint: 'https://push.example.net/d1', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
  },
  { method: 'delete', route: '/api/my/push/subscriptions', path: '/api/my/push/subscriptions?endpoint=https%3A%2F%2Fpush.example.net%2Fd1' },
];

/** Member routes anyone may call: signing in and out, and asking who is signed in. */
const OPEN_MEMBER_ROUTES = [
  'post /api/member/sign-in/code',
  'post /api/member/sign-in',
  'get /api/member/session',
  'post /api/member/sign-out',
  'post /api/member/sign-in/passkey/options',
  'post /api/member/sign-in/passkey',
  'post /api/member/sign-in/renewal-link',
];

const key = (r: { method: string; route: string }) => `${r.method} ${r.route}`;

/** What a refused request could have changed: the members, their households, duties, passkeys and the mail. */
async function snapshot() {
  const members = await app.get('members').list();
  return JSON.stringify({
    members,
    households: await Promise.all(members.map((m) => app.get('households').listForMember(m.id))),
    duties: await Promise.all(members.map((m) => app.get('duties').listMemberDuties(m.id))),
    outbox: (await app.get('outbox').list()).length,
    audit: (await app.get('audit').list({ limit: 500 })).length,
  });
}

describe('member routes refuse anyone who is not a signed-in, enabled member', () => {
  it('the table names every member route the server declares (all but signing in and out)', () => {
    const declared = app.built.routes
      .filter((r) => r.path.startsWith('/api/my/') || r.path.startsWith('/api/member/'))
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !OPEN_MEMBER_ROUTES.includes(r))
      .sort();
    expect(MEMBER_ROUTES.map(key).sort()).toEqual(declared);
  });

  for (const r of MEMBER_ROUTES) {
    it(`${r.method.toUpperCase()} ${r.route}: 401 "Please sign in" without a member session, with a bad cookie, an admin's session or a disabled member's, and nothing changes`, async () => {
      const admin = await signedInAdmin(app, `admin-${r.method}-${r.path.replace(/\W/g, '-')}@example.org`);
      const before = await snapshot();
      const callers = [
        () => app.agent(),
        ...['kyc_member=forged-token', 'kyc_member=', 'kyc_member=%E0%A4%A', `kyc_member=${'a'.repeat(5000)}`].map(
          (cookie) => () => app.agent().set('Cookie', cookie),
        ),
        () => admin,
        () => disabledAgent,
      ];
      for (const [i, caller] of callers.entries()) {
        let req = caller()[r.method](r.path).set(FETCH);
        if (r.body) req = req.send(r.body);
        const res = await req;
        expect(res.status, `caller ${i}`).toBe(401);
        expect(res.body, `caller ${i}`).toEqual({ error: 'Please sign in' });
      }
      expect(await snapshot()).toBe(before);
    });
  }
});
