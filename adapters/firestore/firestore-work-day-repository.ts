import { bookingEmailKey } from '../../core/bookings/booking';
import { FieldValue, type DocumentData, type DocumentSnapshot } from 'firebase-admin/firestore';
import { backfillMissingFields } from './firestore-backfill';
import { WorkDaySchema, WorkDaySignupSchema, type WorkDay, type WorkDaySignup } from '../../core/work-days/work-day';
import { ConflictError, NotFoundError, ValidationError } from '../../core/shared/errors';
import type { SignupRemovalMail, WorkDayRepository } from '../../core/work-days/work-day-repository.port';
import { collectionOf, FirestoreCollectionAdapter, orderedBy } from './firestore-collections';
import { documentById, isDocumentId } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { inTurn, pauseAfterLostRace, runTransactionTried, transaction } from './firestore-turns';
import { signupRefusal } from '../../core/work-days/work-days';
import { workDayChangeRefusal } from '../../core/work-days/work-day-form';
import type { OutboxMessage } from '../../core/mail/mail';
import { addToOutbox } from './firestore-outbox';
import { readDocument } from './firestore-read-document';
import { pickFields } from '../pick-fields';

const WORK_DAY_NOT_FOUND = 'Work Day Not Found';
const SIGNUP_TAKEN = 'A sign-up with this id already exists';
/** Tries of a sign-up's optimistic commit before its error reaches the caller. */
const OPTIMISTIC_ATTEMPTS = 60;

/**
 * Work days in the `workDays` collection (keyed by id, jobs as an array of maps, date a
 * Timestamp) and their sign-ups in `workDaySignups` (keyed by id, with workDayId).
 *
 * A sign-up is one optimistic commit (as the places ledger, ADR 63): the work day and its
 * sign-ups are read, the core's rule decides, and the sign-up is created in a batch that also
 * bumps the work day's `signupsVersion` under a precondition on the work day's update time. Two
 * sign-ups racing for a job's last place both write the work day, so the later commit fails its
 * precondition and is decided again on fresh reads.
 */
export class FirestoreWorkDayRepository extends FirestoreCollectionAdapter implements WorkDayRepository {
  protected readonly collectionName = 'workDays';

  private get workDays() {
    return this.collection;
  }

  private get signups() {
    return collectionOf(this.db, 'workDaySignups', this.options);
  }

  async list(): Promise<WorkDay[]> {
    const snapshot = await withCoreErrors(() => orderedBy(this.workDays, 'date', 'asc').get());
    const all = snapshot.docs.map(toWorkDay);
    // Firestore puts null dates first; undated work days belong last. The order stays stable.
    return [...all.filter((w) => w.date !== null), ...all.filter((w) => w.date === null)];
  }

  async get(id: string): Promise<WorkDay | null> {
    const snapshot = await documentById(this.workDays, id);
    return snapshot ? toWorkDay(snapshot) : null;
  }

  async create(workDay: WorkDay): Promise<void> {
    if (!isDocumentId(workDay.id)) throw new ValidationError('A work day id may not contain a slash or be reserved by Firestore');
    const document = workDayDocument(workDay);
    if (workDay.archived === undefined) delete document.archived;
    await withCoreErrors(() => this.workDays.doc(workDay.id).create(document), { conflict: 'A work day with this id already exists' });
  }

  async update(id: string, change: (current: WorkDay) => WorkDay): Promise<{ before: WorkDay; after: WorkDay }> {
    if (!isDocumentId(id)) throw new NotFoundError(WORK_DAY_NOT_FOUND);
    const workDayRef = this.workDays.doc(id);
    // One transaction that reads the work day and its sign-ups: every sign-up also writes the work
    // day (see addSignup), so one stored meanwhile makes this transaction (or the sign-up's
    // optimistic commit) decide again on fresh reads. In turn with this process's sign-ups.
    return inTurn(this.db, `${this.workDays.path}/${id}`, () =>
      transaction(this.db, async (tx) => {
        const snapshot = await tx.get(workDayRef);
        if (!snapshot.exists) throw new NotFoundError(WORK_DAY_NOT_FOUND);
        const signups = await tx.get(this.signups.where('workDayId', '==', id));
        const before = toWorkDay(snapshot);
        const after = { ...change(toWorkDay(snapshot)), id };
        const refusal = workDayChangeRefusal(before, after, signups.docs.map(toSignup));
        if (refusal) throw new ConflictError(refusal.message);
        tx.update(workDayRef, workDayDocument(after));
        return { before, after };
      }),
    );
  }

  async addSignup(signup: WorkDaySignup, mail: readonly OutboxMessage[] = []): Promise<void> {
    if (!isDocumentId(signup.workDayId)) throw new NotFoundError(WORK_DAY_NOT_FOUND);
    if (!isDocumentId(signup.id)) throw new ValidationError('A sign-up id may not contain a slash or be reserved by Firestore');
    const workDayRef = this.workDays.doc(signup.workDayId);
    const signupRef = this.signups.doc(signup.id);
    const document = {
      workDayId: signup.workDayId,
      firstName: signup.firstName,
      lastName: signup.lastName,
      selectedJobs: signup.selectedJobs,
      otherJob: signup.otherJob,
      notes: signup.notes,
      bringingTools: signup.bringingTools,
      wantsFood: signup.wantsFood,
      email: signup.email ?? null,
      // My club finds a member's sign-ups by it (docs/my-club.md).
      emailKey: bookingEmailKey(signup.email ?? null),
      ...instantFields({ submittedAt: signup.submittedAt }),
    };
    const turnKey = `${this.workDays.path}/${signup.workDayId}`;
    await inTurn(this.db, turnKey, () =>
      withCoreErrors(
        async () => {
          for (let tries = 1; ; tries += 1) {
            // The work day first: a sign-up committed after this read changes its update time, so
            // the precondition below fails; one committed before it is in the query's answer.
            const workDay = await workDayRef.get();
            if (!workDay.exists) throw new NotFoundError(WORK_DAY_NOT_FOUND);
            const existing = await this.signups.where('workDayId', '==', signup.workDayId).get();
            const refusal = signupRefusal(toWorkDay(workDay), existing.docs.map(toSignup), signup);
            if (refusal) throw new ConflictError(refusal.message);
            const batch = this.db.batch();
            batch.update(workDayRef, { signupsVersion: FieldValue.increment(1) }, { lastUpdateTime: workDay.updateTime! });
            batch.create(signupRef, document);
            // The confirmation in the same commit: written with the sign-up, never without it.
            addToOutbox(batch, this.db, mail, this.options);
            try {
              await batch.commit();
              return;
            } catch (error) {
              const code = firestoreCode(error);
              if (code === FIRESTORE_CODES.ALREADY_EXISTS) throw new ConflictError(SIGNUP_TAKEN);
              // Another sign-up (perhaps from another server) was stored meanwhile: decide again.
              if (code !== FIRESTORE_CODES.FAILED_PRECONDITION || tries >= OPTIMISTIC_ATTEMPTS) throw error;
              await pauseAfterLostRace(tries);
            }
          }
        },
        { conflict: SIGNUP_TAKEN },
      ),
    );
  }

  async removeSignup(workDayId: string, signupId: string, mailFor: SignupRemovalMail = () => []): Promise<WorkDaySignup | null> {
    return (await this.removeSignups(workDayId, [signupId], mailFor))[0] ?? null;
  }

  async removeSignups(workDayId: string, signupIds: readonly string[], mailFor: SignupRemovalMail = () => []): Promise<WorkDaySignup[]> {
    const ids = [...new Set(signupIds)].filter(isDocumentId);
    if (!isDocumentId(workDayId) || ids.length === 0) return [];
    const workDayRef = this.workDays.doc(workDayId);
    // One transaction: the sign-ups are read and deleted, and the work day's signupsVersion bumped
    // so that a sign-up deciding on the old list at the same time decides again (see addSignup).
    // The removal's e-mails are in the same commit: written with the removal, never without it.
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (tx) => {
        const [workDay, ...signups] = await tx.getAll(workDayRef, ...ids.map((id) => this.signups.doc(id)));
        if (!workDay.exists) return [];
        const removed = signups.filter((signup) => signup.exists && signup.get('workDayId') === workDayId);
        for (const signup of removed) tx.delete(signup.ref);
        if (removed.length > 0) tx.update(workDayRef, { signupsVersion: FieldValue.increment(1) });
        const gone = removed.map(toSignup);
        addToOutbox(tx, this.db, gone.flatMap(mailFor), this.options);
        return gone;
      }),
    );
  }

  async assignMissingEmailKeys(): Promise<number> {
    // Sign-ups written since My club carry the key (addSignup), so do those copied by migrate-storage.
    const mark = collectionOf(this.db, 'bookingReferences', this.options).doc(WORK_DAY_EMAIL_KEYS_GIVEN);
    return backfillMissingFields(this.db, this.signups, mark, ['email', 'emailKey'], signupEmailKeyPatch);
  }

  async listSignupsByEmail(emailKey: string, limit: number): Promise<WorkDaySignup[]> {
    const snapshot = await withCoreErrors(() =>
      orderedBy(this.signups.where('emailKey', '==', emailKey), 'submittedAt', 'desc')
        .limit(limit)
        .get(),
    );
    return snapshot.docs.map(toSignup);
  }

  async listSignups(workDayId: string): Promise<WorkDaySignup[]> {
    const snapshot = await withCoreErrors(() => orderedBy(this.signups.where('workDayId', '==', workDayId), 'submittedAt', 'asc').get());
    return snapshot.docs.map(toSignup);
  }
}

/** A work day's stored fields; an absent `archived` is deleted on update so the day reads back as given. */
function workDayDocument(workDay: WorkDay): Record<string, unknown> {
  return {
    ...pickFields(workDay, ['name', 'description', 'foodAvailable', 'active', 'tools', 'notes']),
    archived: workDay.archived ?? FieldValue.delete(),
    jobs: workDay.jobs.map((job) => ({
      ...pickFields(job, ['id', 'title', 'description', 'volunteersNeeded']),
      ...(job.closed === undefined ? {} : { closed: job.closed }),
    })),
    ...instantFields({ date: workDay.date }),
  };
}

/**
 * The mark, in `bookingReferences` (beside the bookings' own, no reference has this form), that
 * every stored work-day sign-up has its e-mail key.
 */
const WORK_DAY_EMAIL_KEYS_GIVEN = 'work-day-email-keys-given';

/** What a sign-up stored before My club lacks: its e-mail key; null when it lacks nothing (or has no e-mail). */
function signupEmailKeyPatch(snapshot: DocumentSnapshot): { patch: DocumentData } | null {
  const email: unknown = snapshot.get('email');
  const key = typeof email === 'string' ? bookingEmailKey(email) : null;
  return key !== null && snapshot.get('emailKey') !== key ? { patch: { emailKey: key } } : null;
}

function toWorkDay(snapshot: DocumentSnapshot): WorkDay {
  return readDocument(WorkDaySchema, snapshot, { instants: ['date'], defaults: { tools: '', notes: '' } });
}

/** A sign-up document read back (FirestoreRetentionStore reads them too). */
export function toSignup(snapshot: DocumentSnapshot): WorkDaySignup {
  return readDocument(WorkDaySignupSchema, snapshot, { instants: ['submittedAt'], defaults: { email: null } });
}
