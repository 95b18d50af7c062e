import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { AuditEntrySchema } from '../../core/audit/audit';
import { BookedAttendeeSchema } from '../../core/bookings/booking';
import { OutboxMessageSchema } from '../../core/mail/mail';
import { MemberSchema, type Member } from '../../core/members/member';
import { pseudonymiseAuditEntry, type PseudonymisedPerson } from '../../core/privacy/audit-pseudonyms';
import {
  anonymisedAssignment,
  anonymisedMember,
  bookingHoldsDetails,
  bookingPerson,
  memberHoldsData,
  memberPerson,
  messageHoldsBody,
  messageWithoutBody,
  signupHoldsData,
} from '../../core/privacy/retention-records';
import { isAnonymisedHolder } from '../../core/duties/anonymised-holder';
import { memberDuties, toSlot } from './firestore-duty-repository';
import { toSignup } from './firestore-work-day-repository';
import { type RetentionCutoff, type RetentionKind } from '../../core/privacy/retention-schedule';
import { ANONYMISED_LAST_NAME, ANONYMISED_NAME } from '../../core/shared/anonymised';
import type { AnonymisedPerson, AuditEntryRewrite, AuditRewrite, RetentionHolding, RetentionStore } from '../../core/privacy/retention-store.port';
import { collectionOf, orderedBy, type FirestoreCollectionName, type FirestoreCollectionOptions } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { readDocument } from './firestore-read-document';

/** Writes per batch: Firestore takes 500; a record and its audit entries stay in one. */
const BATCH_WRITES = 400;
/** Events (or work days) looked at per call of apply: bounds the reads of one night. */
const EVENTS_PER_CALL = 50;
const PARENTS_PER_CALL = EVENTS_PER_CALL;

/** A collection whose documents date the records of a kind: events by their start, work days by their date. */
interface Parent {
  collection: 'events' | 'workDays';
  field: string;
}
const EVENTS: Parent = { collection: 'events', field: 'eventdatetime' };
const WORK_DAYS: Parent = { collection: 'workDays', field: 'date' };
/** Documents read per page of a scan. */
const PAGE = 200;

/** Where a kind's run got to: the date field's value (ms) and the document id of the last record it dealt with. */
interface Mark {
  atMs: number;
  id: string;
}

/**
 * The retention store on Firestore, reading by the date fields' single-field indexes and writing in
 * batches. Outbox messages and events are read in date order from a mark (collection
 * `retentionMarks`): the last record dealt with, so each night reads only what has come past its
 * limit since. Messages are written at the time they are dated, so none appears behind the mark;
 * an event created with a start already past the booking limit would be (docs/data-protection.md).
 * Sign-in attempts past the limit are deleted, so a query by date finds only what is left; members
 * are few and read in renewal-date pages.
 */
export class FirestoreRetentionStore implements RetentionStore {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private collection(name: FirestoreCollectionName) {
    return collectionOf(this.db, name, this.options);
  }

  private async mark(kind: RetentionKind | `audit-${RetentionKind}`): Promise<Mark | null> {
    const snapshot = await withCoreErrors(() => this.collection('retentionMarks').doc(kind).get());
    const data = snapshot.data();
    return data && typeof data.atMs === 'number' && typeof data.id === 'string' ? { atMs: data.atMs, id: data.id } : null;
  }

  private setMark(batch: WriteBatch, kind: RetentionKind | `audit-${RetentionKind}`, mark: Mark): void {
    batch.set(this.collection('retentionMarks').doc(kind), mark);
  }

  /** Outbox messages after the mark (and written before `beforeMs`), oldest first. */
  private messagesAfter(mark: Mark | null, beforeMs?: number): Query {
    let query: Query = this.collection('outbox');
    if (beforeMs !== undefined) query = query.where('createdAtMs', '<', beforeMs);
    query = orderedBy(query, 'createdAtMs');
    return mark ? query.startAfter(mark.atMs, mark.id) : query;
  }

  /** Dated events after the mark (and starting before `before`), earliest start first. */
  private eventsAfter(mark: Mark | null, before?: Date): Query {
    return this.datedAfter(EVENTS, mark, before);
  }

  /** Dated parents (events, work days) after the mark (and dated before `before`), earliest first. */
  private datedAfter(parent: Parent, mark: Mark | null, before?: Date): Query {
    let query = this.collection(parent.collection).where(parent.field, '>=', Timestamp.fromMillis(0));
    if (before) query = query.where(parent.field, '<', Timestamp.fromDate(before));
    query = orderedBy(query, parent.field);
    return mark ? query.startAfter(Timestamp.fromMillis(mark.atMs), mark.id) : query;
  }

  /**
   * What a kind measured from its parent's date holds: each dated parent after the kind's mark,
   * with the records `held` counts of it (those before the mark were dealt with).
   */
  private async heldByParent(
    kind: RetentionKind,
    parent: Parent,
    cutoff: RetentionCutoff,
    held: (parentId: string) => Promise<number>,
  ): Promise<RetentionHolding> {
    const parents = await withCoreErrors(() => this.datedAfter(parent, null).get());
    const mark = await this.mark(kind);
    let holding: RetentionHolding = { count: 0, due: 0, oldest: null };
    for (const doc of parents.docs) {
      const atMs = (doc.get(parent.field) as Timestamp).toMillis();
      if (mark && (atMs < mark.atMs || (atMs === mark.atMs && doc.id <= mark.id))) continue;
      const count = await held(doc.id);
      if (count === 0) continue;
      holding = {
        count: holding.count + count,
        due: holding.due + (atMs < cutoff.instant.getTime() ? count : 0),
        oldest: holding.oldest ?? new Date(atMs).toISOString(),
      };
    }
    return holding;
  }

  /**
   * Deals with the records of parents past the cutoff, parent by parent from the kind's mark:
   * `change` adds a parent's writes and answers how many records it changed; the mark moves with
   * the parent's writes. Bounded: PARENTS_PER_CALL parents per call.
   */
  private async applyByParent(
    kind: RetentionKind,
    parent: Parent,
    cutoff: RetentionCutoff,
    limit: number,
    change: (parentId: string, writes: Writes) => Promise<number>,
  ): Promise<number> {
    const mark = await this.mark(kind);
    const parents = await withCoreErrors(() => this.datedAfter(parent, mark, cutoff.instant).limit(PARENTS_PER_CALL).get());
    let changed = 0;
    for (const doc of parents.docs) {
      const writes = new Writes(this.db);
      changed += await change(doc.id, writes);
      writes.then((batch) => this.setMark(batch, kind, { atMs: (doc.get(parent.field) as Timestamp).toMillis(), id: doc.id }));
      await writes.commit();
      if (changed >= limit) break;
    }
    // Every parent of the call looked at, whatever it changed: the next call goes on from the mark.
    return parents.size === PARENTS_PER_CALL ? Math.max(changed, limit) : changed;
  }

  async holding(kind: RetentionKind, cutoff: RetentionCutoff): Promise<RetentionHolding> {
    const cut = Timestamp.fromDate(cutoff.instant);
    switch (kind) {
      case 'signInAttempts': {
        const all = this.collection('loginFailures');
        const [count, due, first] = await Promise.all([
          countOf(all),
          countOf(all.where('at', '<', cut)),
          withCoreErrors(() => all.orderBy('at').limit(1).get()),
        ]);
        return { count, due, oldest: first.empty ? null : (first.docs[0].get('at') as Timestamp).toDate().toISOString() };
      }
      case 'financialRecords': {
        const financial = this.collection('bookings').where('paymentRequired', '==', true);
        const [count, due, first] = await Promise.all([
          countOf(financial),
          countOf(financial.where('submittedAt', '<', cut)),
          withCoreErrors(() => financial.orderBy('submittedAt').limit(1).get()),
        ]);
        return { count, due, oldest: first.empty ? null : (first.docs[0].get('submittedAt') as Timestamp).toDate().toISOString() };
      }
      case 'outboxBodies': {
        const mark = await this.mark(kind);
        const after = this.messagesAfter(mark);
        const [count, due, first] = await Promise.all([
          countOf(after),
          countOf(this.messagesAfter(mark, cutoff.instant.getTime())),
          withCoreErrors(() => after.limit(1).get()),
        ]);
        return { count, due, oldest: first.empty ? null : new Date(first.docs[0].get('createdAtMs') as number).toISOString() };
      }
      case 'bookingDetails': {
        const events = await withCoreErrors(() => this.eventsAfter(null).get());
        const mark = await this.mark(kind);
        let holding: RetentionHolding = { count: 0, due: 0, oldest: null };
        for (const event of events.docs) {
          const startMs = (event.get('eventdatetime') as Timestamp).toMillis();
          if (mark && (startMs < mark.atMs || (startMs === mark.atMs && event.id <= mark.id))) continue;
          const bookings = await withCoreErrors(() => this.collection('bookings').where('eventId', '==', event.id).get());
          // The walk-ins not erased are kept as long as the event's bookings' details.
          const walkIns = await withCoreErrors(() => this.collection('walkIns').where('eventId', '==', event.id).get());
          const held =
            bookings.docs.filter((doc) => holdsDetails(doc.data())).length + walkIns.docs.filter((doc) => typeof doc.get('value') === 'string').length;
          if (held === 0) continue;
          holding = {
            count: holding.count + held,
            due: holding.due + (startMs < cutoff.instant.getTime() ? held : 0),
            oldest: holding.oldest ?? new Date(startMs).toISOString(),
          };
        }
        return holding;
      }
      case 'lapsedMembers': {
        const members = (await withCoreErrors(() => this.collection('members').orderBy('renewalDate').get())).docs.map(toMember).filter(memberHoldsData);
        return { count: members.length, oldest: members[0]?.renewalDate ?? null, due: members.filter((member) => member.renewalDate < cutoff.day).length };
      }
      case 'waitingListEntries':
        return this.heldByParent(kind, EVENTS, cutoff, (eventId) => countOf(this.collection('waitlistEntries').where('eventId', '==', eventId)));
      case 'workDaySignups':
        return this.heldByParent(
          kind,
          WORK_DAYS,
          cutoff,
          async (workDayId) => (await this.signupsOf(workDayId)).filter((doc) => signupHoldsData(toSignup(doc))).length,
        );
      case 'dutySignups':
        return this.heldByParent(
          kind,
          EVENTS,
          cutoff,
          async (eventId) =>
            (await this.slotsOf(eventId)).reduce((sum, doc) => sum + toSlot(doc).holders.filter((holder) => !isAnonymisedHolder(holder.memberId)).length, 0) +
            (await this.swapsOf(eventId)).length,
        );
    }
  }

  private async signupsOf(workDayId: string): Promise<QueryDocumentSnapshot[]> {
    return (await withCoreErrors(() => this.collection('workDaySignups').where('workDayId', '==', workDayId).get())).docs;
  }

  private async swapsOf(eventId: string): Promise<QueryDocumentSnapshot[]> {
    return (await withCoreErrors(() => this.collection('dutySwaps').where('eventId', '==', eventId).get())).docs;
  }

  private async slotsOf(eventId: string): Promise<QueryDocumentSnapshot[]> {
    return (await withCoreErrors(() => this.collection('dutySlots').where('eventId', '==', eventId).get())).docs;
  }

  /**
   * Reads the entries of the actions written before the date from the kind's audit mark
   * (`retentionMarks/audit-<kind>`), oldest first, `limit` at most (index on `entry.action` and
   * `at`), rewrites those that still name someone and moves the mark, in one batch. Entries are
   * written at the time they are dated, so none appears behind the mark.
   */
  async pseudonymiseAudit(kind: RetentionKind, actions: readonly string[], before: Date, limit: number, rewrite: AuditEntryRewrite): Promise<AuditRewrite> {
    const markKind = `audit-${kind}` as const;
    const mark = await this.mark(markKind);
    const query = orderedBy(
      this.collection('auditLog')
        .where('entry.action', 'in', [...actions])
        .where('at', '<', Timestamp.fromDate(before)),
      'at',
    );
    const page = await withCoreErrors(() => (mark ? query.startAfter(Timestamp.fromMillis(mark.atMs), mark.id) : query).limit(limit).get());
    if (page.empty) return { rewritten: 0, more: false };
    const batch = this.db.batch();
    let rewritten = 0;
    for (const doc of page.docs) {
      const entry = rewrite(AuditEntrySchema.parse(doc.get('entry')));
      if (entry === null) continue;
      batch.update(doc.ref, { entry });
      rewritten += 1;
    }
    const last = page.docs[page.docs.length - 1];
    this.setMark(batch, markKind, { atMs: (last.get('at') as Timestamp).toMillis(), id: last.id });
    await withCoreErrors(() => batch.commit());
    return { rewritten, more: page.size === limit };
  }

  async apply(kind: RetentionKind, cutoff: RetentionCutoff, limit: number, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): Promise<number> {
    switch (kind) {
      case 'financialRecords':
        return 0;
      case 'signInAttempts': {
        const due = await withCoreErrors(() =>
          this.collection('loginFailures').where('at', '<', Timestamp.fromDate(cutoff.instant)).orderBy('at').limit(limit).get(),
        );
        const batch = this.db.batch();
        for (const doc of due.docs) batch.delete(doc.ref);
        if (!due.empty) await withCoreErrors(() => batch.commit());
        return due.size;
      }
      case 'outboxBodies': {
        const mark = await this.mark(kind);
        const due = await withCoreErrors(() => this.messagesAfter(mark, cutoff.instant.getTime()).limit(limit).get());
        if (due.empty) return 0;
        const batch = this.db.batch();
        let changed = 0;
        for (const doc of due.docs) {
          const message = OutboxMessageSchema.parse(doc.get('message'));
          if (!messageHoldsBody(message)) continue;
          batch.update(doc.ref, { message: messageWithoutBody(message, (email) => pseudonymOf({ key: email, texts: [email] }).pseudonym) });
          changed += 1;
        }
        const last = due.docs[due.docs.length - 1];
        this.setMark(batch, kind, { atMs: last.get('createdAtMs') as number, id: last.id });
        await withCoreErrors(() => batch.commit());
        // A full page read goes on (the mark moved), even when some of it was already without its words.
        return due.size === limit ? Math.max(changed, limit) : changed;
      }
      case 'bookingDetails':
        return this.anonymiseBookings(cutoff, limit, pseudonymOf);
      case 'lapsedMembers':
        return this.anonymiseMembers(cutoff, limit, pseudonymOf);
      case 'waitingListEntries':
        return this.applyByParent(kind, EVENTS, cutoff, limit, async (eventId, writes) => {
          const entries = await withCoreErrors(() => this.collection('waitlistEntries').where('eventId', '==', eventId).get());
          for (const doc of entries.docs) writes.delete(doc.ref);
          return entries.size;
        });
      case 'workDaySignups':
        return this.applyByParent(kind, WORK_DAYS, cutoff, limit, async (workDayId, writes) => {
          let changed = 0;
          for (const doc of await this.signupsOf(workDayId)) {
            if (!signupHoldsData(toSignup(doc))) continue;
            writes.update(doc.ref, { firstName: ANONYMISED_NAME, lastName: ANONYMISED_LAST_NAME, email: null, emailKey: null, notes: '', otherJob: '' });
            changed += 1;
          }
          return changed;
        });
      case 'dutySignups':
        return this.applyByParent(kind, EVENTS, cutoff, limit, (eventId, writes) => this.anonymiseHolders(eventId, writes, pseudonymOf));
    }
  }

  /**
   * An event's duty holders become placeholders, in its slots and out of each member's duty
   * document (a past duty blocks nothing), and its swap requests are deleted. Each written only
   * if unchanged since read: a roster change at the same moment fails the night's run, and the
   * next night does it again.
   */
  private async anonymiseHolders(eventId: string, writes: Writes, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): Promise<number> {
    const slotIdsOf = new Map<string, Set<string>>();
    let changed = 0;
    for (const doc of await this.slotsOf(eventId)) {
      const slot = toSlot(doc);
      const named = slot.holders.filter((holder) => !isAnonymisedHolder(holder.memberId));
      if (named.length === 0) continue;
      for (const holder of named) slotIdsOf.set(holder.memberId, (slotIdsOf.get(holder.memberId) ?? new Set()).add(slot.id));
      writes.update(
        doc.ref,
        { holders: slot.holders.map((holder) => (isAnonymisedHolder(holder.memberId) ? holder : anonymisedAssignment(holder, pseudonymOf))) },
        doc.updateTime,
      );
      changed += named.length;
    }
    for (const [memberId, slotIds] of slotIdsOf) {
      const doc = await withCoreErrors(() => this.collection('dutyMembers').doc(memberId).get());
      if (!doc.exists) continue;
      writes.update(doc.ref, { duties: memberDuties(doc).filter((duty) => !slotIds.has(duty.slotId)) }, doc.updateTime);
    }
    // The event's swap requests go too: who asked, and who took them over.
    const swaps = await this.swapsOf(eventId);
    for (const swap of swaps) writes.delete(swap.ref);
    return changed + swaps.length;
  }

  private async anonymiseBookings(cutoff: RetentionCutoff, limit: number, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): Promise<number> {
    const mark = await this.mark('bookingDetails');
    const events = await withCoreErrors(() => this.eventsAfter(mark, cutoff.instant).limit(EVENTS_PER_CALL).get());
    let changed = 0;
    for (const event of events.docs) {
      const bookings = await withCoreErrors(() => this.collection('bookings').where('eventId', '==', event.id).get());
      const writes = new Writes(this.db);
      for (const doc of bookings.docs) {
        const data = doc.data();
        if (!holdsDetails(data)) continue;
        const attendees = BookedAttendeeSchema.array().parse(data.householdAttendees ?? []);
        const person = pseudonymOf(
          bookingPerson({
            id: doc.id,
            firstName: String(data.firstName),
            lastName: String(data.lastName),
            userEmail: typeof data.userEmail === 'string' ? data.userEmail : null,
            boatName: typeof data.boatName === 'string' ? data.boatName : null,
            householdAttendees: attendees,
          }),
        );
        await this.pseudonymise(writes, doc.id, person);
        writes.update(doc.ref, {
          firstName: ANONYMISED_NAME,
          lastName: ANONYMISED_LAST_NAME,
          userEmail: FieldValue.delete(),
          emailKey: FieldValue.delete(),
          boatName: FieldValue.delete(),
          householdAttendees: attendees.map((attendee) => ({ ...attendee, name: ANONYMISED_NAME })),
        });
        changed += 1;
      }
      // The event's walk-ins go with its bookings' details: their details erased (the id kept,
      // as for one removed, so their adding sent again stays applied once), each a record.
      const walkIns = await withCoreErrors(() => this.collection('walkIns').where('eventId', '==', event.id).get());
      for (const doc of walkIns.docs) {
        if (typeof doc.get('value') !== 'string') continue;
        writes.update(doc.ref, { value: null, removedAt: new Date().toISOString() });
        changed += 1;
      }
      writes.then((batch) => this.setMark(batch, 'bookingDetails', { atMs: (event.get('eventdatetime') as Timestamp).toMillis(), id: event.id }));
      await writes.commit();
      if (changed >= limit) break;
    }
    // Every event of the call looked at, whatever it changed: the next call goes on from the mark.
    return events.size === EVENTS_PER_CALL ? Math.max(changed, limit) : changed;
  }

  private async anonymiseMembers(cutoff: RetentionCutoff, limit: number, pseudonymOf: (person: AnonymisedPerson) => PseudonymisedPerson): Promise<number> {
    const writes = new Writes(this.db);
    let changed = 0;
    let after: DocumentSnapshot | null = null;
    while (changed < limit) {
      let query = orderedBy(this.collection('members').where('renewalDate', '<', cutoff.day), 'renewalDate').limit(PAGE);
      if (after) query = query.startAfter(after);
      const page = await withCoreErrors(() => query.get());
      for (const doc of page.docs) {
        const member = toMember(doc);
        if (!memberHoldsData(member) || changed >= limit) continue;
        await this.pseudonymise(writes, member.id, pseudonymOf(memberPerson(member)));
        const anonymised = anonymisedMember(member);
        writes.update(doc.ref, {
          name: anonymised.name,
          email: anonymised.email,
          emailKey: anonymised.email,
          phone: FieldValue.delete(),
          emergencyContactName: FieldValue.delete(),
          emergencyContactPhone: FieldValue.delete(),
        });
        changed += 1;
      }
      if (page.size < PAGE) break;
      after = page.docs[page.docs.length - 1];
    }
    await writes.commit();
    return changed;
  }

  /** Rewrites the audit entries about one record with the person's pseudonym (the one place audit documents change). */
  private async pseudonymise(writes: Writes, recordId: string, person: PseudonymisedPerson): Promise<void> {
    const entries = await withCoreErrors(() => this.collection('auditLog').where('recordId', '==', recordId).get());
    for (const doc of entries.docs) writes.update(doc.ref, { entry: pseudonymiseAuditEntry(AuditEntrySchema.parse(doc.get('entry')), person) });
  }
}

/** Whether a stored booking still holds its booker's details. */
function holdsDetails(data: DocumentData): boolean {
  return bookingHoldsDetails({
    firstName: String(data.firstName),
    lastName: String(data.lastName),
    userEmail: typeof data.userEmail === 'string' ? data.userEmail : null,
    boatName: typeof data.boatName === 'string' ? data.boatName : null,
  });
}

function toMember(snapshot: DocumentSnapshot): Member {
  return readDocument(MemberSchema, snapshot, { instants: ['createdAt', 'updatedAt'] });
}

async function countOf(query: Query): Promise<number> {
  return (await withCoreErrors(() => query.count().get())).data().count;
}

/** Updates split into batches of BATCH_WRITES, committed in order. */
class Writes {
  private readonly batches: WriteBatch[] = [];
  private size = BATCH_WRITES;

  constructor(private readonly db: Firestore) {}

  private current(): WriteBatch {
    if (this.size >= BATCH_WRITES) {
      this.batches.push(this.db.batch());
      this.size = 0;
    }
    this.size += 1;
    return this.batches[this.batches.length - 1];
  }

  /** An update; with `unchangedSince`, only if the document was not written since then. */
  update(ref: DocumentSnapshot['ref'], fields: DocumentData, unchangedSince?: Timestamp): void {
    if (unchangedSince) this.current().update(ref, fields, { lastUpdateTime: unchangedSince });
    else this.current().update(ref, fields);
  }

  delete(ref: DocumentSnapshot['ref']): void {
    this.current().delete(ref);
  }

  /** Adds a write to the last batch (a mark written with the changes it records). */
  then(write: (batch: WriteBatch) => void): void {
    write(this.current());
  }

  async commit(): Promise<void> {
    for (const batch of this.batches) await withCoreErrors(() => batch.commit());
    this.batches.length = 0;
    this.size = BATCH_WRITES;
  }
}
