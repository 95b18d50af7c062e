// Filling a season's rota (docs/duties.md, "Filling the rota"): the plain problem a solver is given
// and the allocation it answers. Every rule that decides who may do what (qualification on the day,
// membership current, availability) is applied before, by the duty rules, so the problem carries
// only its outcome: which slots each person may be given.
import type { DutyWindow } from './duty-roster';

/** A duty slot of the season, with its places still open. */
export interface RotaSlot {
  id: string;
  eventId: string;
  dutyTypeId: string;
  /** The London date (YYYY-MM-DD) of the duty's first day. */
  date: string;
  /** When the duty is done; two duties of one person never overlap in time. */
  window: DutyWindow;
  /** Places not yet held (the slot's `needed` less its holders); 0 for a full slot. */
  open: number;
  /** Whether someone on this slot may have another duty the same day (the other must allow it too). */
  allowsSecondDuty: boolean;
}

/** A member who may be given duties. */
export interface RotaPerson {
  memberId: string;
  /** The quota unit their duties count towards: their household's when their category covers one, else their own. */
  unitId: string;
  /** The slots they may be given: qualified on the day, membership current, not unavailable. */
  eligibleSlotIds: readonly string[];
  /** Duty types they wish to do, and wish not to do. */
  prefers: readonly string[];
  avoids: readonly string[];
}

/** Whose duties count together against the season's quota (a household or a member). */
export interface RotaQuotaUnit {
  id: string;
  /** Duties expected in the season (the membership category's dutiesPerSeason). */
  expected: number;
  /** Duties of the season done already or held outside this problem's slots. */
  done: number;
}

/** One member on one slot. */
export interface RotaAssignment {
  slotId: string;
  memberId: string;
}

export interface RotaProblem {
  slots: readonly RotaSlot[];
  people: readonly RotaPerson[];
  units: readonly RotaQuotaUnit[];
  /** Who holds the slots now: kept as they are, they count towards quotas and busy their days. */
  holders: readonly RotaAssignment[];
}

/** What a fill proposes: new assignments only (holders are never moved). */
export type RotaAllocation = readonly RotaAssignment[];
