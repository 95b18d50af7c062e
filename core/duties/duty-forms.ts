import { z } from 'zod';
import { DutyNeedSchema, DutyTemplateSchema, DutyTypeSchema, QualificationSchema, type StaffingLight } from './duties';

/** What an admin sends to keep the catalogue: the record without its id (the server's, or the path's). */
export const QualificationFormSchema = QualificationSchema.omit({ id: true }).strict();
export const DutyTypeFormSchema = DutyTypeSchema.omit({ id: true }).strict();
export const DutyTemplateFormSchema = DutyTemplateSchema.omit({ id: true }).strict();
export const DutyNeedFormSchema = DutyNeedSchema.strict();

export const CatalogueIdParamsSchema = z.object({ id: z.string().min(1).max(64) }).strict();
export const EventIdParamsSchema = z.object({ eventId: z.string().min(1).max(200) }).strict();
export const SlotIdParamsSchema = z.object({ slotId: z.string().min(1).max(64) }).strict();
export const SlotMemberParamsSchema = z.object({ slotId: z.string().min(1).max(64), memberId: z.string().min(1).max(64) }).strict();
export const MemberQualificationParamsSchema = z.object({ memberId: z.string().min(1).max(64), qualificationId: z.string().min(1).max(64) }).strict();

/** A member's qualification as the editor sends it: the expiry date (YYYY-MM-DD) or null for none. */
export const MemberQualificationFormSchema = z.object({ expiresOn: z.iso.date('Give the expiry date as YYYY-MM-DD').nullable() }).strict();

export const ApplyTemplateFormSchema = z.object({ templateId: z.string().min(1, 'Choose a template').max(64) }).strict();

/** An admin's assignment: the member, and a reason when overriding eligibility. */
export const AssignDutyFormSchema = z
  .object({
    memberId: z.string().min(1, 'Choose a member').max(64),
    overrideReason: z.string().trim().max(500, 'At most 500 characters').nullable().default(null),
  })
  .strict();

export const DutyCatalogueSchema = z.object({
  qualifications: z.array(QualificationSchema),
  dutyTypes: z.array(DutyTypeSchema),
  templates: z.array(DutyTemplateSchema),
});
export type DutyCatalogue = z.infer<typeof DutyCatalogueSchema>;

export const StaffingLightSchema = z.enum(['green', 'amber', 'red']) satisfies z.ZodType<StaffingLight>;

/** One member as a roster offers them for a slot. */
export const DutyCandidateSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  /** Why they may not do it (an admin may still override with a reason); null: eligible. */
  ineligible: z.string().nullable(),
  /** On another duty at that time: cannot be assigned at all. */
  busy: z.boolean(),
});

export const RosterSlotSchema = z.object({
  id: z.string(),
  dutyTypeId: z.string(),
  dutyTypeName: z.string(),
  needed: z.number().int(),
  optional: z.boolean(),
  /** Its holder may have a second duty that day in the rota fill (docs/duties.md, "Filling the rota"). */
  allowsSecondDuty: z.boolean(),
  holders: z.array(z.object({ memberId: z.string(), name: z.string(), overrideReason: z.string().nullable() })),
  candidates: z.array(DutyCandidateSchema),
});
export type RosterSlot = z.infer<typeof RosterSlotSchema>;

export const EventRosterSchema = z.object({
  event: z.object({ id: z.string(), name: z.string(), eventdatetime: z.string().nullable(), eventenddatetime: z.string().nullable() }),
  light: StaffingLightSchema.nullable(),
  slots: z.array(RosterSlotSchema),
  templates: z.array(z.object({ id: z.string(), name: z.string() })),
  dutyTypes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type EventRoster = z.infer<typeof EventRosterSchema>;

export const StaffingLightsSchema = z.object({ lights: z.record(z.string(), StaffingLightSchema) });

export const MemberQualificationsViewSchema = z.object({
  qualifications: z.array(QualificationSchema),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      qualifications: z.array(z.object({ qualificationId: z.string(), expiresOn: z.string().nullable() })),
    }),
  ),
});
export type MemberQualificationsView = z.infer<typeof MemberQualificationsViewSchema>;
