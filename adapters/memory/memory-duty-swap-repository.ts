import { SWAP_MESSAGES, swapAcceptRefusal, type DutySwap } from '../../core/duties/duty-swaps';
import type { DutySwapRepository } from '../../core/duties/duty-swap-repository.port';
import { DUTY_MESSAGES } from '../../core/duties/duties';
import { type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { validAssignment } from '../duty-records';
import { SWAP_TAKEN_ID, takenSwap, validSwap } from '../duty-swap-records';
import type { OutboxMessage } from '../../core/mail/mail';
import type { MemoryDutyRepository } from './memory-duty-repository';
import { MemoryOutbox } from './memory-outbox';

/** Duty swap requests in memory, beside the memory rosters whose slots they hand over; `outbox` takes the mail written with them. */
export class MemoryDutySwapRepository implements DutySwapRepository {
  private readonly swaps = new Map<string, DutySwap>();

  constructor(
    private readonly duties: MemoryDutyRepository,
    private readonly outbox: MemoryOutbox = new MemoryOutbox(),
  ) {}

  async create(swap: DutySwap, mail: readonly OutboxMessage[] = []): Promise<void> {
    const valid = validSwap(swap);
    if (this.swaps.has(valid.id)) throw new ConflictError(SWAP_TAKEN_ID);
    if ([...this.swaps.values()].some((s) => s.status === 'open' && s.slotId === valid.slotId && s.fromMemberId === valid.fromMemberId))
      throw new ConflictError(SWAP_MESSAGES.alreadyAsked);
    this.swaps.set(valid.id, structuredClone(valid));
    this.outbox.addNow(this.notStored(mail));
  }

  async get(id: string): Promise<DutySwap | null> {
    const swap = this.swaps.get(id);
    return swap ? structuredClone(swap) : null;
  }

  async listOpenOf(fromMemberId: string): Promise<DutySwap[]> {
    return [...this.swaps.values()]
      .filter((s) => s.status === 'open' && s.fromMemberId === fromMemberId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((s) => structuredClone(s));
  }

  async accept(swapId: string, assignment: DutyAssignment, mail: readonly OutboxMessage[] = []): Promise<DutySwap> {
    const valid = validAssignment(assignment);
    const stored = this.swaps.get(swapId);
    if (!stored) throw new NotFoundError(SWAP_MESSAGES.notFound);
    const slot = await this.duties.getSlot(stored.slotId);
    if (!slot) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
    const takerDuties = await this.duties.listMemberDuties(valid.memberId);
    // Decided and claimed with no await between, so of two at once the second sees it taken.
    const swap = this.swaps.get(swapId)!;
    const refusal = swapAcceptRefusal(swap, slot, takerDuties, valid.memberId);
    if (refusal) throw new ConflictError(refusal);
    const taken = takenSwap(swap, valid.memberId, valid.assignedAt);
    this.swaps.set(swapId, taken);
    const handed = await this.duties.unassign(swap.slotId, swap.fromMemberId);
    try {
      await this.duties.assign({ ...valid, slotId: swap.slotId, eventId: swap.eventId });
    } catch (error) {
      this.swaps.set(swapId, swap);
      if (handed) await this.duties.assign(handed);
      throw error;
    }
    this.outbox.addNow(this.notStored(mail));
    return structuredClone(taken);
  }

  async withdraw(swapId: string): Promise<DutySwap | null> {
    const swap = this.swaps.get(swapId);
    if (!swap || swap.status !== 'open') return null;
    const withdrawn: DutySwap = { ...swap, status: 'withdrawn' };
    this.swaps.set(swapId, withdrawn);
    return structuredClone(withdrawn);
  }

  /** Of `mail`, the messages whose ids are not stored yet (each once). */
  private notStored(mail: readonly OutboxMessage[]): OutboxMessage[] {
    const fresh = new Map<string, OutboxMessage>();
    for (const message of mail) if (!this.outbox.has(message.id) && !fresh.has(message.id)) fresh.set(message.id, message);
    return [...fresh.values()];
  }
}
