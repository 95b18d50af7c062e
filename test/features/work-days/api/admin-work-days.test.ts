import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_DAY_FORM_MESSAGES } from '../../../../core/work-days/work-day-form';
import { WORK_DAY_MESSAGES } from '../../../../core/work-days/work-days';
import { addAdmin, FETCH, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { storedCounts } from '../../../support/api/fixtures';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await addAdmin(app, 'bosun@example.org', ['events:read', 'workdays:write']);
  await addAdmin(app, 'reader@example.org', ['events:read']);
  await addAdmin(app, 'treasurer@example.org', ['bookings:read']);
});
afterAll(async () => {
  await app.dispose();
});

async function agentOf(email: string) {
  const agent = app.agent();
  await signIn(agent, email);
  return agent;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Autumn work day',
  description: 'Lay up the boats',
  date: '2026-09-26T09:30',
  foodAvailable: true,
  active: true,
  tools: 'Gloves',
  notes: 'Lunch at one',
  jobs: [
    { id: '', title: 'Scrub the pontoons', description: 'Brushes provided', volunteersNeeded: '2', closed: false },
    { id: '', title: 'Clear the gutters', description: '', volunteersNeeded: '1', closed: false },
  ],
  ...overrides,
});

/** A volunteer signs up for the work day through the public form. */
const signUp = (workDayId: string, signup: Record<string, unknown>) => app.agent().post(`/api/work-days/${workDayId}/signups`).set(FETCH).send(signup);

async function auditOf(workDayId: string) {
  return (await app.get('audit').list({ limit: 1000 })).filter((e) => e.recordType === 'workDay' && e.recordId === workDayId);
}

async function searchFinds(text: string): Promise<boolean> {
  const res = await app.agent().get('/api/search').query({ q: text });
  expect(res.status).toBe(200);
  return JSON.stringify(res.body).includes(text);
}

describe('admin work days: create, edit, close a job, archive', () => {
  it('creates a work day with its jobs: members see it, search finds it, the audit log records it', async () => {
    const bosun = await agentOf('bosun@example.org');
    const created = await bosun.post('/api/admin/work-days').set(FETCH).send(form());
    expect(created.status).toBe(201);
    const day = created.body.workDay;
    expect(day).toMatchObject({ name: 'Autumn work day', date: '2026-09-26T08:30:00.000Z', active: true, foodAvailable: true });
    expect(
      day.jobs.map((j: { title: string; volunteersNeeded: number; currentVolunteers: number }) => [j.title, j.volunteersNeeded, j.currentVolunteers]),
    ).toEqual([
      ['Scrub the pontoons', 2, 0],
      ['Clear the gutters', 1, 0],
    ]);
    const member = await app.agent().get(`/api/work-days/${day.id}`);
    expect(member.status).toBe(200);
    expect(member.body.workDay.name).toBe('Autumn work day');
    expect(await searchFinds('Autumn work day')).toBe(true);
    const audit = await auditOf(day.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'workDay.created', actor: { kind: 'admin', email: 'bosun@example.org' } });
    expect(audit[0].changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Autumn work day' }]));
    // The edit screen opens with the day as typed, in London time.
    const read = await bosun.get(`/api/admin/work-days/${day.id}`);
    expect(read.status).toBe(200);
    expect(read.body.form).toMatchObject({ name: 'Autumn work day', date: '2026-09-26T09:30' });
    expect(read.body.form.jobs.map((j: { id: string }) => j.id)).toEqual(day.jobs.map((j: { id: string }) => j.id));
  });

  it('refuses a bad form with each field named, storing nothing', async () => {
    const bosun = await agentOf('bosun@example.org');
    const before = await storedCounts(app);
    const days = (await app.get('workDays').list()).length;
    const res = await bosun
      .post('/api/admin/work-days')
      .set(FETCH)
      .send(form({ name: '  ', date: '31/02/2026', jobs: [{ id: '', title: '', description: '', volunteersNeeded: '0', closed: false }] }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      name: WORK_DAY_FORM_MESSAGES.nameRequired,
      date: WORK_DAY_FORM_MESSAGES.dateInvalid,
      'jobs.0.title': WORK_DAY_FORM_MESSAGES.jobTitleRequired,
      'jobs.0.volunteersNeeded': WORK_DAY_FORM_MESSAGES.volunteersInvalid,
    });
    expect(await storedCounts(app)).toEqual(before);
    expect((await app.get('workDays').list()).length).toBe(days);
  });

  it('keeps volunteers: a job with sign-ups is not deleted nor cut below them, but can be closed, which stops new sign-ups', async () => {
    const bosun = await agentOf('bosun@example.org');
    const day = (
      await bosun
        .post('/api/admin/work-days')
        .set(FETCH)
        .send(form({ name: 'Crane day' }))
    ).body.workDay;
    const [scrub, gutters] = day.jobs;
    const sailor = (firstName: string, jobs: string[]) => signUp(day.id, { firstName, lastName: 'Sailor', selectedJobs: jobs });
    expect((await sailor('Ann', [scrub.id])).status).toBe(201);
    expect((await sailor('Bob', [scrub.id])).status).toBe(201);
    const edit = (await bosun.get(`/api/admin/work-days/${day.id}`)).body.form;

    const fewer = await bosun
      .put(`/api/admin/work-days/${day.id}`)
      .set(FETCH)
      .send({ ...edit, jobs: [{ ...edit.jobs[0], volunteersNeeded: '1' }, edit.jobs[1]] });
    expect(fewer.status).toBe(400);
    expect(fewer.body.fields).toEqual({ 'jobs.0.volunteersNeeded': WORK_DAY_FORM_MESSAGES.fewerThanSignedUp('Scrub the pontoons', 2) });
    const deleted = await bosun
      .put(`/api/admin/work-days/${day.id}`)
      .set(FETCH)
      .send({ ...edit, jobs: [edit.jobs[1]] });
    expect(deleted.status).toBe(400);
    expect(deleted.body.error).toBe(WORK_DAY_FORM_MESSAGES.jobHasVolunteers('Scrub the pontoons', 2));
    expect(await app.get('workDays').get(day.id)).toMatchObject({ jobs: [{ volunteersNeeded: 2 }, { volunteersNeeded: 1 }] });

    // The job without sign-ups goes; the full one is closed; a new job is added.
    const saved = await bosun
      .put(`/api/admin/work-days/${day.id}`)
      .set(FETCH)
      .send({
        ...edit,
        name: 'Crane day (boats out)',
        jobs: [
          { ...edit.jobs[0], volunteersNeeded: '3', closed: true },
          { id: '', title: 'Bacon rolls', description: '', volunteersNeeded: '2', closed: false },
        ],
      });
    expect(saved.status).toBe(200);
    expect(
      saved.body.workDay.jobs.map((j: { title: string; closed?: boolean; currentVolunteers: number }) => [j.title, j.closed === true, j.currentVolunteers]),
    ).toEqual([
      ['Scrub the pontoons', true, 2],
      ['Bacon rolls', false, 0],
    ]);
    expect(saved.body.workDay.jobs.map((j: { id: string }) => j.id)).not.toContain(gutters.id);
    const refused = await sailor('Cy', [scrub.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(WORK_DAY_MESSAGES.jobsClosed(['Scrub the pontoons']));
    const audit = await auditOf(day.id);
    const closing = audit.find((e) => e.action === 'workDay.job-closed');
    expect(closing?.summary).toBe('Changed the work day Crane day (boats out); closed "Scrub the pontoons"');
    expect(closing?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Crane day', after: 'Crane day (boats out)' },
        {
          field: `job ${scrub.id}`,
          before: 'Scrub the pontoons · 2 needed · Brushes provided',
          after: 'Scrub the pontoons · 3 needed · closed · Brushes provided',
        },
        { field: `job ${gutters.id}`, before: 'Clear the gutters · 1 needed', after: null },
      ]),
    );
  });

  it('archives a work day: gone from the members’ list, page and search, kept for admins; bringing it back restores it', async () => {
    const bosun = await agentOf('bosun@example.org');
    const day = (
      await bosun
        .post('/api/admin/work-days')
        .set(FETCH)
        .send(form({ name: 'Winter dredging' }))
    ).body.workDay;
    const archived = await bosun.post(`/api/admin/work-days/${day.id}/archive`).set(FETCH).send({ archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.workDay.archived).toBe(true);
    expect((await app.agent().get(`/api/work-days/${day.id}`)).status).toBe(404);
    expect((await app.agent().get('/api/work-days')).body.workDays.map((w: { id: string }) => w.id)).not.toContain(day.id);
    expect(await searchFinds('Winter dredging')).toBe(false);
    const adminList = await bosun.get('/api/admin/work-days');
    expect(adminList.body.workDays.find((w: { workDay: { id: string } }) => w.workDay.id === day.id)?.workDay.archived).toBe(true);

    expect((await bosun.post(`/api/admin/work-days/${day.id}/archive`).set(FETCH).send({ archived: false })).status).toBe(200);
    expect((await app.agent().get(`/api/work-days/${day.id}`)).status).toBe(200);
    expect(await searchFinds('Winter dredging')).toBe(true);
    expect((await auditOf(day.id)).map((e) => e.action).sort()).toEqual(['workDay.archived', 'workDay.created', 'workDay.unarchived']);
    expect((await auditOf(day.id)).find((e) => e.action === 'workDay.archived')?.changes).toEqual([{ field: 'archived', before: false, after: true }]);
  });
});

describe('admin work-day roster: CSV, removing a sign-up, the dashboard', () => {
  it('downloads the sign-ups as a formula-safe CSV named after the day', async () => {
    const bosun = await agentOf('bosun@example.org');
    const day = (
      await bosun
        .post('/api/admin/work-days')
        .set(FETCH)
        .send(form({ name: 'Slipway day' }))
    ).body.workDay;
    await signUp(day.id, {
      firstName: '=HYPERLINK("http://x")',
      lastName: 'Sneaky',
      selectedJobs: [day.jobs[0].id],
      otherJob: '+1 for tea',
      bringingTools: true,
      email: 'sneaky@example.org',
    });
    await signUp(day.id, { firstName: 'No', lastName: 'Address', selectedJobs: [day.jobs[1].id] });
    const res = await bosun.get(`/api/admin/work-days/${day.id}/signups.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="slipway_day_signups.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Signed Up,First Name,Last Name,Email,Jobs,Other Job,Notes,Bringing Tools,Wants Food');
    // Both signed up at the same moment (the tests' clock): their order is the storage's.
    // No address given: the cell is empty.
    expect(lines.slice(1).sort()).toEqual(
      [
        `2026-06-01 10:00,"'=HYPERLINK(""http://x"")",Sneaky,sneaky@example.org,Scrub the pontoons,'+1 for tea,,Yes,No`,
        '2026-06-01 10:00,No,Address,,Clear the gutters,,,No,No',
      ].sort(),
    );
    const reader = await agentOf('reader@example.org');
    expect((await reader.get(`/api/admin/work-days/${day.id}/signups.csv`)).status).toBe(200);
  });

  it('removes a sign-up once: the place is free again and the audit log names the volunteer', async () => {
    const bosun = await agentOf('bosun@example.org');
    const day = (
      await bosun
        .post('/api/admin/work-days')
        .set(FETCH)
        .send(form({ name: 'Buoy day' }))
    ).body.workDay;
    const gutters = day.jobs[1];
    const signed = await signUp(day.id, { firstName: 'Dee', lastName: 'Hand', selectedJobs: [gutters.id] });
    expect(signed.status).toBe(201);
    expect((await signUp(day.id, { firstName: 'Eve', lastName: 'Late', selectedJobs: [gutters.id] })).status).toBe(409);
    const removed = await bosun.delete(`/api/admin/work-days/${day.id}/signups/${signed.body.signupId}`).set(FETCH);
    expect(removed.status).toBe(204);
    const again = await bosun.delete(`/api/admin/work-days/${day.id}/signups/${signed.body.signupId}`).set(FETCH);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Sign-up not found');
    expect((await bosun.get(`/api/admin/work-days/${day.id}`)).body.workDay.jobs[1].currentVolunteers).toBe(0);
    expect((await signUp(day.id, { firstName: 'Eve', lastName: 'Late', selectedJobs: [gutters.id] })).status).toBe(201);
    const entry = (await auditOf(day.id)).find((e) => e.action === 'workDay.signup-removed');
    expect(entry?.summary).toBe('Removed the sign-up of Dee Hand from the work day Buoy day');
    expect(entry?.changes).toEqual(expect.arrayContaining([{ field: 'volunteer', before: 'Dee Hand', after: null }]));
  });

  it('e-mails a removed volunteer who gave an address, through the outbox, naming the work day; none without an address', async () => {
    const bosun = await agentOf('bosun@example.org');
    const day = (
      await bosun
        .post('/api/admin/work-days')
        .set(FETCH)
        .send(form({ name: 'Mooring day' }))
    ).body.workDay;
    const withMail = await signUp(day.id, { firstName: 'Fay', lastName: 'Mail', email: 'fay@example.org', selectedJobs: [day.jobs[0].id] });
    const without = await signUp(day.id, { firstName: 'Gus', lastName: 'Quiet', selectedJobs: [day.jobs[0].id] });
    expect([withMail.status, without.status]).toEqual([201, 201]);
    const removals = async () => (await app.get('outbox').list({ limit: 1000 })).filter((m) => m.kind === 'workday-removal');
    const before = (await removals()).length;

    expect((await bosun.delete(`/api/admin/work-days/${day.id}/signups/${withMail.body.signupId}`).set(FETCH)).status).toBe(204);
    const [notice] = (await removals()).filter((m) => m.recordId === withMail.body.signupId);
    expect(notice.mail.to).toBe('fay@example.org');
    expect(notice.mail.subject).toBe('Your work day sign-up was removed: Mooring day');
    expect(notice.mail.text).toContain('has removed your sign-up for the work day Mooring day, Sat 26 September 2026, 09:30 (UK time).');
    expect(notice.mail.text).toContain('Dear Fay,');

    // Removed twice, told once; no address, no e-mail.
    expect((await bosun.delete(`/api/admin/work-days/${day.id}/signups/${withMail.body.signupId}`).set(FETCH)).status).toBe(404);
    expect((await bosun.delete(`/api/admin/work-days/${day.id}/signups/${without.body.signupId}`).set(FETCH)).status).toBe(204);
    expect((await removals()).length).toBe(before + 1);
  });

  it('removes a batch of sign-ups at once: their places are free again, each removal is audited, one already gone is skipped', async () => {
    const bosun = await agentOf('bosun@example.org');
    const day = (
      await bosun
        .post('/api/admin/work-days')
        .set(FETCH)
        .send(form({ name: 'Flooded day' }))
    ).body.workDay;
    const [pontoons, gutters] = day.jobs;
    const ids: string[] = [];
    for (const [i, job] of [pontoons, pontoons, gutters].entries()) {
      const signed = await signUp(day.id, { firstName: `Fake${i}`, lastName: 'Name', selectedJobs: [job.id] });
      expect(signed.status).toBe(201);
      ids.push(signed.body.signupId);
    }
    const real = await signUp(day.id, { firstName: 'Real', lastName: 'Volunteer', selectedJobs: [], otherJob: 'Anything' });
    // Every job is full: the next volunteer is turned away.
    expect((await signUp(day.id, { firstName: 'Next', lastName: 'One', selectedJobs: [gutters.id] })).status).toBe(409);
    expect((await bosun.delete(`/api/admin/work-days/${day.id}/signups/${ids[2]}`).set(FETCH)).status).toBe(204);

    const removed = await bosun
      .post(`/api/admin/work-days/${day.id}/signups/remove`)
      .set(FETCH)
      .send({ signupIds: [...ids, 'never-there'] });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removedIds: [ids[0], ids[1]] });
    const jobs = (await bosun.get(`/api/admin/work-days/${day.id}`)).body.workDay.jobs as { currentVolunteers: number }[];
    expect(jobs.map((j) => j.currentVolunteers)).toEqual([0, 0]);
    expect((await app.get('workDays').listSignups(day.id)).map((s) => s.id)).toEqual([real.body.signupId]);
    const summaries = (await auditOf(day.id)).filter((e) => e.action === 'workDay.signup-removed').map((e) => e.summary);
    expect(summaries.sort()).toEqual(['Fake0 Name', 'Fake1 Name', 'Fake2 Name'].map((n) => `Removed the sign-up of ${n} from the work day Flooded day`));
    expect((await signUp(day.id, { firstName: 'Next', lastName: 'One', selectedJobs: [gutters.id] })).status).toBe(201);
  });

  it('refuses a batch removal with no sign-ups, too many or not a list, and one for an unknown day, changing nothing', async () => {
    const bosun = await agentOf('bosun@example.org');
    const id = (await app.get('workDays').list())[0].id;
    const before = await storedCounts(app);
    const none = await bosun.post(`/api/admin/work-days/${id}/signups/remove`).set(FETCH).send({ signupIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Choose at least one sign-up to remove');
    const many = await bosun
      .post(`/api/admin/work-days/${id}/signups/remove`)
      .set(FETCH)
      .send({ signupIds: Array.from({ length: 201 }, (_, i) => `s${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.error).toBe('At most 200 sign-ups can be removed at once');
    expect((await bosun.post(`/api/admin/work-days/${id}/signups/remove`).set(FETCH).send({ signupIds: 'all' })).status).toBe(400);
    const unknown = await bosun
      .post('/api/admin/work-days/no-such-day/signups/remove')
      .set(FETCH)
      .send({ signupIds: ['x'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(WORK_DAY_MESSAGES.notFound);
    expect(await storedCounts(app)).toEqual(before);
  });

  it('shows on the dashboard the next work days short of volunteers, only to admins who may see work days', async () => {
    const bosun = await agentOf('bosun@example.org');
    const day = (
      await bosun
        .post('/api/admin/work-days')
        .set(FETCH)
        .send(form({ name: 'Short-handed day', date: '2026-06-05T09:00' }))
    ).body.workDay;
    const dashboard = await bosun.get('/api/admin/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.shortWorkDays[0]).toEqual({ id: day.id, name: 'Short-handed day', date: '2026-06-05T08:00:00.000Z', short: 3 });
    // Filled up, it is short no more.
    for (const [i, job] of [day.jobs[0], day.jobs[0], day.jobs[1]].entries()) {
      await signUp(day.id, { firstName: `V${i}`, lastName: 'Helper', selectedJobs: [job.id] });
    }
    expect((await bosun.get('/api/admin/dashboard')).body.shortWorkDays.map((w: { id: string }) => w.id)).not.toContain(day.id);
    const treasurer = await agentOf('treasurer@example.org');
    expect((await treasurer.get('/api/admin/dashboard')).body.shortWorkDays).toBeNull();
  });

  it('refuses every change to an admin without workdays:write, with the message and nothing changed', async () => {
    const reader = await agentOf('reader@example.org');
    const id = (await app.get('workDays').list())[0].id;
    const before = await storedCounts(app);
    for (const res of [
      await reader.post('/api/admin/work-days').set(FETCH).send(form()),
      await reader.put(`/api/admin/work-days/${id}`).set(FETCH).send(form()),
      await reader.post(`/api/admin/work-days/${id}/archive`).set(FETCH).send({ archived: true }),
      await reader.delete(`/api/admin/work-days/${id}/signups/any`).set(FETCH),
      await reader
        .post(`/api/admin/work-days/${id}/signups/remove`)
        .set(FETCH)
        .send({ signupIds: ['any'] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('You do not have permission to change work days.');
    }
    expect(await storedCounts(app)).toEqual(before);
    expect((await reader.get(`/api/admin/work-days/${id}`)).status).toBe(200);
  });
});
