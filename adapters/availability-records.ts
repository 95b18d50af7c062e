import { MemberAvailabilitySchema, type MemberAvailability } from '../core/duties/availability';
import { compareText } from './memory/compare-text';
import { validRecord } from './stored-records';

/** A member's availability checked before it is stored, or as read back: anything else is a ValidationError. */
export function validAvailability(record: unknown): MemberAvailability {
  return validRecord(MemberAvailabilitySchema, record, 'member availability');
}

/** By member id as UTF-8 bytes, as every storage lists a season's records. */
export function byAvailabilityMember(a: MemberAvailability, b: MemberAvailability): number {
  return compareText(a.memberId, b.memberId);
}
