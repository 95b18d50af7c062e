import { describe, expect, it } from 'vitest';
import { type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { addWorkDays, WORK_DAY } from '../../../support/api/fixtures';

let app: TestApp;

useTestApp({}, async (started) => {
  app = started;
  await addWorkDays(app);
});

const signupsPath = `/api/work-days/${WORK_DAY.id}/signups`;
const aSignup = (firstName: string, selectedJobs: string[]) => ({
  firstName,
  lastName: 'Crew',
  selectedJobs,
  otherJob: '',
  notes: '',
  bringingTools: false,
  wantsFood: false,
});

describe('work-day sign-ups: full jobs and repeat names (409)', () => {
  it('takes exactly 2 of 10 simultaneous sign-ups for "Pontoons" (2 needed), tells the rest it is full, and shows it full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app
          .agent()
          .post(signupsPath)
          .send(aSignup(`Racer${i}`, ['pontoons'])),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 409));
    for (const answer of refused) expect(answer.body).toEqual({ error: 'Sorry, the job "Pontoons" is already full. Please choose another job.' });
    const day = (await app.agent().get(`/api/work-days/${WORK_DAY.id}`)).body.workDay as { jobs: { id: string; currentVolunteers: number }[] };
    expect(day.jobs.find((j) => j.id === 'pontoons')?.currentVolunteers).toBe(2);
    expect((await app.get('workDays').listSignups(WORK_DAY.id)).filter((s) => s.selectedJobs.includes('pontoons'))).toHaveLength(2);
  });

  it('refuses the same name a second time for the day, whatever the case and spacing, and stores nothing', async () => {
    const first = await app
      .agent()
      .post(signupsPath)
      .send({ ...aSignup('Ada', ['painting']), lastName: 'Lovelace' });
    expect(first.status).toBe(201);
    const before = (await app.get('workDays').listSignups(WORK_DAY.id)).length;
    const again = await app
      .agent()
      .post(signupsPath)
      .send({ ...aSignup(' ada ', []), lastName: 'LOVELACE', otherJob: 'Cakes' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'ada LOVELACE has already signed up for this work day. One sign-up per person: it can list several jobs.' });
    expect((await app.get('workDays').listSignups(WORK_DAY.id)).length).toBe(before);
  });
});
