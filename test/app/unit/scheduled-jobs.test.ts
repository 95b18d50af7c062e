import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { HmacBookingLinks } from '../../../adapters/node-crypto/hmac-booking-links';
import { SequentialIdGenerator } from '../../../adapters/memory/sequential-id-generator';
import { NoConditionsSource } from '../../../adapters/system/no-conditions-source';
import { JOB_LEASE_MS, newJob } from '../../../core/jobs/jobs';
import { GIVE_UP_AFTER_MS } from '../../../core/shared/retries';
import { RunDueJobs } from '../../../core/jobs/run-due-jobs';
import { ScheduleReminders } from '../../../core/operations/schedule-reminders';
import { jobHandlers, REMINDER_ROUND_JOB, REMINDER_ROUND_MS, repeatingJobs, type UseCaseOf } from '../../../core/operations/scheduled-work';
import { SendEventReminders } from '../../../core/reminders/send-event-reminders';
import { aBooking, anEvent } from '../../support/entities';
import { memoryStorage } from '../../support/stores';

const NOW = '2026-06-01T09:00:00.000Z';
const START = '2026-06-04T09:00:00.000Z';

function world(reminderDaysBefore = 2) {
  const clock = new FixedClock(NOW);
  const { events, bookings, outbox, jobs, waitingList, audit, workDays, conditions, admins, duties, members, signInCodes, passkeyChallenges, memberSessions } =
    memoryStorage();
  const deps = {
    events,
    bookings,
    outbox,
    jobs,
    clock,
    bookingLinks: new HmacBookingLinks('a-secret-of-at-least-sixteen-characters'),
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.kestrel-yc.example' },
    reminderDaysBefore,
    // The waiting lists' round runs beside the reminders' (an empty waiting list here).
    waitingList,
    offerLinks: new HmacBookingLinks('a-secret-of-at-least-sixteen-characters', 'waitlist-offer'),
    ids: new SequentialIdGenerator(),
    audit,
    waitingListOfferHours: 24,
    workDays,
    // The news written in the app: the news index's round has nothing to refill.
    newsSource: 'database' as const,
    // No forecast (the embedded default): the forecast's and the alerts' rounds have nothing to do.
    conditionsSource: new NoConditionsSource(),
    conditions,
    admins,
    alertHoursBefore: [48, 24],
    // No duty slots: the duty reminders' and red light alerts' round has nothing to send.
    duties,
    members,
    dutyReminderDaysBefore: [14, 3],
    redAlertDays: 7,
    // Nothing expired to sweep.
    signInCodes,
    passkeyChallenges,
    memberSessions,
  };
  const useCase: UseCaseOf = (type) => new (type as unknown as new (d: typeof deps) => never)(deps);
  return { ...deps, runner: new RunDueJobs({ jobs: deps.jobs, clock, jobHandlers: jobHandlers(useCase) }) };
}

describe('RunDueJobs', () => {
  it('fails a job of a kind it does not know, retries it, and gives it up a day after it was due', async () => {
    const w = world();
    await w.jobs.schedule([newJob({ id: 'mystery', kind: 'not-a-kind', dueAt: w.clock.now() }, w.clock.now())]);
    expect(await w.runner.execute()).toEqual({ done: 0, retrying: 1, failed: 0, lost: 0 });
    expect(await w.jobs.get('mystery')).toMatchObject({ status: 'pending', attempts: 1, lastError: 'No handler for jobs of kind "not-a-kind"' });
    w.clock.advance(GIVE_UP_AFTER_MS);
    expect(await w.runner.execute()).toEqual({ done: 0, retrying: 0, failed: 1, lost: 0 });
    expect(await w.jobs.get('mystery')).toMatchObject({ status: 'failed', nextAttemptAt: null });
  });

  it('counts a job whose claim lapsed while it ran as lost, and records nothing of it', async () => {
    const w = world();
    await w.jobs.schedule([newJob({ id: 'slow', kind: 'slow', dueAt: w.clock.now() }, w.clock.now())]);
    const runner = new RunDueJobs({
      jobs: w.jobs,
      clock: w.clock,
      jobHandlers: {
        slow: {
          run: async () => {
            // Past the lease another instance takes the job.
            w.clock.advance(JOB_LEASE_MS);
            await w.jobs.claimDue(w.clock.now(), JOB_LEASE_MS, 5);
            return null;
          },
        },
      },
    });
    expect(await runner.execute()).toEqual({ done: 0, retrying: 0, failed: 0, lost: 1 });
    expect((await w.jobs.get('slow'))?.status).toBe('pending');
  });

  it("the reminders' round repeats every 15 minutes, is scheduled once however often the server starts, and is never given up", async () => {
    const w = world();
    await w.jobs.schedule(repeatingJobs(w.clock.now()));
    w.clock.advance(60_000);
    await w.jobs.schedule(repeatingJobs(w.clock.now()));
    // The reminders' round, the waiting lists' round, the news index's, the forecast's, the conditions alerts', the duty mail's and the sign-in sweep.
    expect(await w.runner.execute()).toEqual({ done: 7, retrying: 0, failed: 0, lost: 0 });
    const round = await w.jobs.get(REMINDER_ROUND_JOB);
    expect(round).toMatchObject({
      status: 'pending',
      doneAt: w.clock.now().toISOString(),
      nextAttemptAt: new Date(w.clock.now().getTime() + REMINDER_ROUND_MS).toISOString(),
    });
    expect(await w.runner.execute()).toEqual({ done: 0, retrying: 0, failed: 0, lost: 0 });
    // The events cannot be read for two days: the round is retried, never given up.
    w.events.listNotOverBefore = async () => {
      throw new Error('The database is busy');
    };
    for (let i = 0; i < 60; i++) {
      w.clock.advance(3_600_000);
      await w.runner.execute();
    }
    expect(await w.jobs.get(REMINDER_ROUND_JOB)).toMatchObject({ status: 'pending', lastError: 'The database is busy' });
  });
});

describe('the reminder use cases', () => {
  it('with REMINDER_DAYS_BEFORE 0 no event is ever due and no job is scheduled', async () => {
    const w = world(0);
    await w.events.create(anEvent({ id: 'soon', eventdatetime: START }));
    w.clock.set('2026-06-04T08:00:00.000Z');
    expect(await new ScheduleReminders(w).execute()).toEqual([]);
    expect(await w.jobs.claimDue(w.clock.now(), JOB_LEASE_MS, 5)).toEqual([]);
  });

  it("an event's job writes nothing when the event is gone, has moved, has reminders turned off or has begun", async () => {
    const w = world();
    const send = new SendEventReminders(w);
    await w.events.create(anEvent({ id: 'race', eventdatetime: START, eventenddatetime: null, capacity: null }));
    await w.bookings.addIfPlacesRemain(aBooking({ id: 'b1', eventId: 'race', userEmail: 'b1@example.org', submittedAt: NOW }), {
      capacity: null,
      now: w.clock.now(),
    });
    w.clock.set('2026-06-02T10:00:00.000Z');
    expect(await send.execute({ eventId: 'gone', start: START })).toBe(0);
    expect(await send.execute({ eventId: 'race', start: '2026-06-03T09:00:00.000Z' })).toBe(0);
    await w.events.update(anEvent({ id: 'race', eventdatetime: START, eventenddatetime: null, capacity: null, remindersOff: true }));
    expect(await send.execute({ eventId: 'race', start: START })).toBe(0);
    expect(await w.outbox.list()).toEqual([]);
    await w.events.update(anEvent({ id: 'race', eventdatetime: START, eventenddatetime: null, capacity: null, remindersOff: false }));
    expect(await send.execute({ eventId: 'race', start: START })).toBe(1);
    expect(await send.execute({ eventId: 'race', start: START })).toBe(0);
    expect((await w.outbox.list()).map((m) => [m.id, m.kind, m.recordId])).toEqual([['reminder-b1', 'booking-reminder', 'b1']]);
    w.clock.set(START);
    expect(await new ScheduleReminders(w).execute()).toEqual([]);
    expect(await send.execute({ eventId: 'race', start: START })).toBe(0);
    await expect(send.execute({ start: START })).rejects.toThrow();
  });
});
