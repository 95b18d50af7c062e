import type { WaitingListEntry } from '../../core/waiting-list/waiting-list-entry';
import type { WaitingList, WaitingListChange } from '../../core/waiting-list/waiting-list.port';
import { checkedWaitingListChange, inLineOrder, isInLine } from '../../core/waiting-list/waiting-list';
import type { OutboxMessage } from '../../core/mail/mail';
import { MemoryAuditLog } from './memory-audit-log';
import { MemoryOutbox } from './memory-outbox';

export class MemoryWaitingList implements WaitingList {
  private readonly entries = new Map<string, WaitingListEntry>();

  constructor(
    private readonly outbox: MemoryOutbox = new MemoryOutbox(),
    private readonly audit: MemoryAuditLog = new MemoryAuditLog(),
  ) {}

  async join(entry: WaitingListEntry, mail: readonly OutboxMessage[]): Promise<boolean> {
    // No await between the check and the writes: atomic within this process.
    const email = entry.email.toLowerCase();
    for (const other of this.entries.values()) {
      if (other.eventId === entry.eventId && isInLine(other) && other.email.toLowerCase() === email) return false;
    }
    if (this.entries.has(entry.id)) throw new Error('A waiting-list entry with this id already exists');
    this.outbox.checkNew(mail);
    this.entries.set(entry.id, { ...entry });
    this.outbox.addNow(mail);
    return true;
  }

  async get(id: string): Promise<WaitingListEntry | null> {
    const entry = this.entries.get(id);
    return entry ? { ...entry } : null;
  }

  async listInLine(): Promise<WaitingListEntry[]> {
    return inLineOrder([...this.entries.values()].filter(isInLine)).map((e) => ({ ...e }));
  }

  async listByEvent(eventId: string): Promise<WaitingListEntry[]> {
    return inLineOrder([...this.entries.values()].filter((e) => e.eventId === eventId)).map((e) => ({ ...e }));
  }

  async listInLineForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<WaitingListEntry[]> {
    const inLine = inLineOrder([...this.entries.values()].filter(isInLine));
    const own = inLine.filter((e) => e.memberId === member.memberId).slice(0, limit);
    const guest = inLine.filter((e) => e.memberId === null && e.email.trim().toLowerCase() === member.emailKey).slice(0, limit);
    return inLineOrder([...own, ...guest]).map((e) => ({ ...e }));
  }

  async change(id: string, decide: (current: WaitingListEntry) => WaitingListChange | null): Promise<{ entry: WaitingListEntry; changed: boolean } | null> {
    const stored = this.entries.get(id);
    if (!stored) return null;
    const decided = decide({ ...stored });
    if (!decided) return { entry: { ...stored }, changed: false };
    const next = checkedWaitingListChange(stored, decided.entry);
    this.outbox.checkNew(decided.mail ?? []);
    this.audit.checkNew(decided.audit ?? []);
    this.entries.set(id, next);
    this.outbox.addNow(decided.mail ?? []);
    this.audit.appendNow(decided.audit ?? []);
    return { entry: { ...next }, changed: true };
  }
}
