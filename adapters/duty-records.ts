import { z } from 'zod';
import { ValidationError } from '../core/shared/errors';
import {
  DutySlotSchema,
  DutyTemplateSchema,
  DutyTypeSchema,
  MemberQualificationSchema,
  QualificationSchema,
  type MemberQualification,
  type StaffedSlot,
} from '../core/duties/duties';
import { DutyAssignmentSchema, type DutyAssignment } from '../core/duty-rosters/duty-roster';
import type { DutyCatalogueChange, DutyCatalogueKind, DutyCatalogueRecords, StoredDutyCatalogue } from '../core/duties/duty-repository.port';
import { compareText } from './memory/compare-text';

/** Each catalogue kind's schema: what every adapter checks before storing and after reading. */
export const CATALOGUE_SCHEMAS = { qualifications: QualificationSchema, dutyTypes: DutyTypeSchema, templates: DutyTemplateSchema } as const;

export const DUTY_KINDS: readonly DutyCatalogueKind[] = ['qualifications', 'dutyTypes', 'templates'];

/** A kind the port knows, or a ValidationError. */
export function validKind(kind: unknown): DutyCatalogueKind {
  if (!DUTY_KINDS.includes(kind as DutyCatalogueKind)) throw new ValidationError('Not a kind of duty record');
  return kind as DutyCatalogueKind;
}

/** A catalogue record checked before it is stored. */
export function validCatalogueRecord<K extends DutyCatalogueKind>(kind: K, record: DutyCatalogueRecords[K]): DutyCatalogueRecords[K] {
  const parsed = CATALOGUE_SCHEMAS[validKind(kind)].safeParse(record);
  if (!parsed.success) throw new ValidationError('Not a valid duty record');
  return parsed.data as DutyCatalogueRecords[K];
}

/** A catalogue change checked before it is stored: its kind known, a saved record valid, a deleted id text. */
export function validCatalogueChange(change: DutyCatalogueChange): DutyCatalogueChange {
  const kind = validKind(change?.kind);
  if ('save' in change) return { kind, save: validCatalogueRecord(kind, change.save) } as DutyCatalogueChange;
  if (typeof change.delete !== 'string') throw new ValidationError('Not a valid duty record');
  return { kind, delete: change.delete };
}

/** Stored catalogue records, each checked by its kind's schema, as a whole catalogue ordered by name, then id. */
export function storedCatalogue(records: readonly { kind: string; record: unknown }[]): StoredDutyCatalogue {
  const catalogue: StoredDutyCatalogue = { qualifications: [], dutyTypes: [], templates: [] };
  for (const { kind, record } of records) {
    const known = validKind(kind);
    (catalogue[known] as unknown[]).push(CATALOGUE_SCHEMAS[known].parse(record));
  }
  for (const kind of DUTY_KINDS) (catalogue[kind] as { name: string; id: string }[]).sort(byNameThenId);
  return catalogue;
}

export function validMemberQualification(record: MemberQualification): MemberQualification {
  const parsed = MemberQualificationSchema.safeParse(record);
  if (!parsed.success) throw new ValidationError('Not a valid member qualification');
  return parsed.data;
}

/**
 * A slot as every adapter reads it back: one stored before `allowsSecondDuty` existed (a Firestore
 * document without it) allows no second duty, so every adapter answers the same record.
 */
export const StoredSlotSchema = DutySlotSchema.extend({ allowsSecondDuty: z.boolean().default(false) });

export function validSlot(slot: StaffedSlot | Parameters<typeof DutySlotSchema.parse>[0]) {
  const parsed = StoredSlotSchema.safeParse(slot);
  if (!parsed.success) throw new ValidationError('Not a valid duty slot');
  return parsed.data;
}

export function validAssignment(assignment: DutyAssignment): DutyAssignment {
  const parsed = DutyAssignmentSchema.safeParse(assignment);
  if (!parsed.success || Date.parse(parsed.data.window.end) <= Date.parse(parsed.data.window.start)) throw new ValidationError('Not a valid duty assignment');
  return parsed.data;
}

/** The catalogue's order: by name, then id, as UTF-8 bytes. */
export function byNameThenId(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return compareText(a.name, b.name) || compareText(a.id, b.id);
}

export function byMemberThenQualification(a: MemberQualification, b: MemberQualification): number {
  return compareText(a.memberId, b.memberId) || compareText(a.qualificationId, b.qualificationId);
}

/** Slots oldest first, then by id; holders oldest first, then by member id. */
export function bySlotAge(a: StaffedSlot, b: StaffedSlot): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || compareText(a.id, b.id);
}
export function byAssignedAt(a: DutyAssignment, b: DutyAssignment): number {
  return Date.parse(a.assignedAt) - Date.parse(b.assignedAt) || compareText(a.memberId, b.memberId);
}
export function byStart(a: DutyAssignment, b: DutyAssignment): number {
  return Date.parse(a.window.start) - Date.parse(b.window.start) || compareText(a.slotId, b.slotId);
}

/** The ordered form of a slot read back: holders sorted. */
export function staffed(slot: StaffedSlot): StaffedSlot {
  return { ...slot, holders: [...slot.holders].sort(byAssignedAt) };
}
