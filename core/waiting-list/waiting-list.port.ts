import type { AuditEntry } from '../audit/audit';
import type { OutboxMessage } from '../mail/mail';
import type { WaitingListEntry } from './waiting-list-entry';

/** A change to one waiting-list entry, decided by a core rule, and what to write with it. */
export interface WaitingListChange {
  /** Same id and event as the stored entry. */
  entry: WaitingListEntry;
  mail?: readonly OutboxMessage[];
  audit?: readonly AuditEntry[];
}

/**
 * The events' waiting lists (core/waiting-list/waiting-list.ts holds the rules). Every write carries
 * its e-mail (and audit entries) in the same transaction: with the change, or not at all.
 */
export interface WaitingList {
  /**
   * Adds the entry, with its e-mail, unless the same e-mail address (compared without case) is
   * already in line (waiting or offered) for the event: then nothing is written and false is
   * returned. Atomic: of concurrent joins with one address, one is added.
   */
  join(entry: WaitingListEntry, mail: readonly OutboxMessage[]): Promise<boolean>;
  /** The entry with this id, or null. */
  get(id: string): Promise<WaitingListEntry | null>;
  /** Every entry still in line (waiting or offered), of every event, first joined first. */
  listInLine(): Promise<WaitingListEntry[]>;
  /** Every entry of the event (any status), first joined first. */
  listByEvent(eventId: string): Promise<WaitingListEntry[]>;
  /**
   * A signed-in member's entries still in line (waiting or offered), for My club (docs/my-club.md):
   * those joined while signed in as the member (`memberId`), and those joined without signing in
   * whose e-mail, trimmed and lower-cased, is `emailKey` (never one another member joined), first
   * joined first. At most `limit` of each kind (a member has few in line; which ones a longer list
   * leaves out is not defined). Reads by indexed fields: as many whatever the number of the
   * club's entries.
   */
  listInLineForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<WaitingListEntry[]>;
  /**
   * Changes one entry as `decide` says, atomically (reads it and writes the result, its mail and
   * audit entries in one transaction). `decide` returns null to change nothing; it may run more
   * than once, so it must be pure. Null when there is no such entry.
   */
  change(id: string, decide: (current: WaitingListEntry) => WaitingListChange | null): Promise<{ entry: WaitingListEntry; changed: boolean } | null>;
}
