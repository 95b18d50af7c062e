import type { DutyAssignment } from '../duty-rosters/duty-roster';
import type { OutboxMessage } from '../mail/mail';
import type { DutySwap } from './duty-swaps';

/**
 * Duty swap requests (docs/duties.md), kept beside the duty rosters (the same storage: accepting one
 * changes a slot's holders). Every write refuses a record that is not valid with a ValidationError.
 */
export interface DutySwapRepository {
  /**
   * Stores a new swap request, and in the same atomic step those of `mail` (the requests to the
   * members asked) whose ids are not stored yet: a member told at an earlier request is not written
   * to again. Throws ConflictError when its id exists, or when its member has an open one for the
   * slot; then nothing is stored.
   */
  create(swap: DutySwap, mail?: readonly OutboxMessage[]): Promise<void>;
  /** The swap request with this id, or null. */
  get(id: string): Promise<DutySwap | null>;
  /** A member's open swap requests (those they asked), oldest first. */
  listOpenOf(fromMemberId: string): Promise<DutySwap[]>;
  /**
   * The taker (`assignment.memberId`) takes the swap's duty: unless the core's `swapAcceptRefusal`
   * refuses it against the stored swap, the slot's holders, the taker's duties and the taker's
   * record on the member list (disabled: refused) (then
   * ConflictError with its message, nothing stored), the swap becomes taken by them, the asking
   * member leaves the slot and the taker holds it (with `assignment`), all in one atomic step: of
   * members accepting one swap at once, exactly one wins. NotFoundError when there is no such swap
   * (or its slot is gone). Returns the swap as taken. `mail` (the news to both members and the
   * officers) is written in the same atomic step, those whose ids are not stored yet; nothing of it
   * when the swap is refused.
   */
  accept(swapId: string, assignment: DutyAssignment, mail?: readonly OutboxMessage[]): Promise<DutySwap>;
  /** Withdraws the open swap; returns it withdrawn, or null when it is not open (or not there). */
  withdraw(swapId: string): Promise<DutySwap | null>;
}
