import { z } from 'zod';
import { DutySlotSchema, DutyTemplateSchema, DutyTypeSchema, MemberQualificationSchema, QualificationSchema } from '../../../core/duties/duties';
import {
  ApplyTemplateFormSchema,
  AssignDutyFormSchema,
  CatalogueIdParamsSchema,
  DutyCatalogueSchema,
  DutyNeedFormSchema,
  DutyTemplateFormSchema,
  DutyTypeFormSchema,
  EventIdParamsSchema,
  EventRosterSchema,
  MemberQualificationFormSchema,
  MemberQualificationParamsSchema,
  MemberQualificationsViewSchema,
  QualificationFormSchema,
  SlotIdParamsSchema,
  SlotMemberParamsSchema,
  StaffingLightsSchema,
} from '../../../core/duties/duty-forms';
import { ManageDutyCatalogue } from '../../../core/duties/manage-duty-catalogue';
import { ManageEventDuties } from '../../../core/duties/event-duties';
import { AskForCover } from '../../../core/duties/duty-cover';
import { ManageMemberQualifications } from '../../../core/duties/manage-member-qualifications';
import {
  MAX_QUALIFICATION_CSV_BYTES,
  QUALIFICATION_CSV_TOO_LARGE,
  QualificationImportPreviewSchema,
  QualificationImportResultSchema,
} from '../../../core/duties/member-qualification-import';
import type { DutyCatalogueKind } from '../../../core/duties/duty-repository.port';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { csvRefusals, noContent, readCsvUpload, uploadedBytes } from '../../http/route-helpers';

const READ = { tag: 'admin duties', access: { action: 'duties.read' } } as const;
const WRITE = { tag: 'admin duties', access: { action: 'duties.write' } } as const;

const readCsvBody = readCsvUpload(MAX_QUALIFICATION_CSV_BYTES, QUALIFICATION_CSV_TOO_LARGE);
const CSV_UPLOAD = {
  ...WRITE,
  rawBody: {
    contentType: 'text/csv',
    description:
      'The CSV file, UTF-8: one member qualification a line, "email,qualification,expiry" (expiry ISO 2027-03-31 or day first 31/03/2027, empty for none); an optional header line starting "email"',
  },
  before: [readCsvBody],
};
const CSV_REFUSALS = csvRefusals(QUALIFICATION_CSV_TOO_LARGE);

const CATALOGUE: {
  kind: DutyCatalogueKind;
  path: string;
  name: string;
  form: z.ZodType;
  schema: z.ZodType;
  save: 'saveQualification' | 'saveDutyType' | 'saveTemplate';
}[] = [
  {
    kind: 'qualifications',
    path: 'qualifications',
    name: 'Qualification',
    form: QualificationFormSchema,
    schema: QualificationSchema,
    save: 'saveQualification',
  },
  { kind: 'dutyTypes', path: 'types', name: 'DutyType', form: DutyTypeFormSchema, schema: DutyTypeSchema, save: 'saveDutyType' },
  { kind: 'templates', path: 'templates', name: 'DutyTemplate', form: DutyTemplateFormSchema, schema: DutyTemplateSchema, save: 'saveTemplate' },
];

/** The admin's duty screens: the catalogue, members' qualifications, each event's roster, the staffing lights. */
export function registerDutyRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/duties',
    operationId: 'adminGetDutyCatalogue',
    summary: 'The qualifications, duty types and templates',
    ...READ,
    responses: { 200: { description: 'The catalogue', schema: DutyCatalogueSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(ManageDutyCatalogue).list(admin)),
  });

  for (const entry of CATALOGUE) {
    routes.add({
      method: 'post',
      path: `/api/admin/duties/${entry.path}`,
      operationId: `adminCreate${entry.name}`,
      summary: `Add a ${entry.name === 'DutyType' ? 'duty type' : entry.name === 'DutyTemplate' ? 'template' : 'qualification'}`,
      ...WRITE,
      body: entry.form,
      responses: { 201: { description: 'Added', schema: entry.schema }, 409: { description: 'Another has that name' } },
      handler: async ({ admin, body }) => reply(201, await ports.useCase(ManageDutyCatalogue)[entry.save](admin, null, body)),
    });
    routes.add({
      method: 'put',
      path: `/api/admin/duties/${entry.path}/:id`,
      operationId: `adminUpdate${entry.name}`,
      summary: `Change a stored ${entry.name === 'DutyType' ? 'duty type' : entry.name === 'DutyTemplate' ? 'template' : 'qualification'}`,
      ...WRITE,
      params: CatalogueIdParamsSchema,
      body: entry.form,
      responses: {
        200: { description: 'Changed', schema: entry.schema },
        404: { description: 'No such record' },
        409: { description: 'Another has that name' },
      },
      handler: async ({ admin, params, body }) => reply(200, await ports.useCase(ManageDutyCatalogue)[entry.save](admin, params.id, body)),
    });
    routes.add({
      method: 'delete',
      path: `/api/admin/duties/${entry.path}/:id`,
      operationId: `adminDelete${entry.name}`,
      summary: 'Delete a record nothing else in the catalogue uses',
      ...WRITE,
      params: CatalogueIdParamsSchema,
      responses: { 204: { description: 'Deleted' }, 404: { description: 'No such record' }, 409: { description: 'In use: change what uses it first' } },
      handler: async ({ admin, params }) => noContent(ports.useCase(ManageDutyCatalogue).delete(admin, entry.kind, params.id)),
    });
  }

  routes.add({
    method: 'get',
    path: '/api/admin/duties/member-qualifications',
    operationId: 'adminListMemberQualifications',
    summary: 'Every member with the qualifications they hold',
    ...READ,
    responses: { 200: { description: 'Members and qualifications', schema: MemberQualificationsViewSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(ManageMemberQualifications).list(admin)),
  });
  routes.add({
    method: 'put',
    path: '/api/admin/duties/member-qualifications/:memberId/:qualificationId',
    operationId: 'adminSetMemberQualification',
    summary: "Record a member's qualification and its expiry date (null: none)",
    ...WRITE,
    params: MemberQualificationParamsSchema,
    body: MemberQualificationFormSchema,
    responses: { 200: { description: 'Recorded', schema: MemberQualificationSchema }, 404: { description: 'No such member or qualification' } },
    handler: async ({ admin, params, body }) =>
      reply(200, await ports.useCase(ManageMemberQualifications).set(admin, params.memberId, params.qualificationId, body)),
  });
  routes.add({
    method: 'delete',
    path: '/api/admin/duties/member-qualifications/:memberId/:qualificationId',
    operationId: 'adminDeleteMemberQualification',
    summary: "Remove a member's qualification",
    ...WRITE,
    params: MemberQualificationParamsSchema,
    responses: { 204: { description: 'Removed' }, 404: { description: 'The member does not hold it' } },
    handler: async ({ admin, params }) => noContent(ports.useCase(ManageMemberQualifications).remove(admin, params.memberId, params.qualificationId)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/duties/member-qualifications/import/preview',
    operationId: 'adminPreviewMemberQualificationImport',
    summary: "Check a CSV file of members' qualifications and say what importing it would do; stores nothing",
    ...CSV_UPLOAD,
    responses: {
      200: { description: 'ok false: every bad line with its reasons; ok true: how many added, replaced, unchanged', schema: QualificationImportPreviewSchema },
      ...CSV_REFUSALS,
    },
    handler: async ({ admin, req }) => reply(200, await ports.useCase(ManageMemberQualifications).preview(admin, uploadedBytes(req.body))),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/duties/member-qualifications/import',
    operationId: 'adminImportMemberQualifications',
    summary: "Import a CSV file of members' qualifications, checked again: all of them, or none when any line is bad (400, each bad line in fields)",
    ...CSV_UPLOAD,
    responses: { 200: { description: 'Imported', schema: QualificationImportResultSchema }, ...CSV_REFUSALS },
    handler: async ({ admin, req }) => reply(200, await ports.useCase(ManageMemberQualifications).import(admin, uploadedBytes(req.body))),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/duties/lights',
    operationId: 'adminGetStaffingLights',
    summary: 'The staffing light of every event not over yet that has duty slots (green, amber or red)',
    tag: 'admin duties',
    access: { action: 'duties.lights' },
    responses: { 200: { description: 'Lights by event id', schema: StaffingLightsSchema } },
    handler: async ({ admin }) => reply(200, { lights: await ports.useCase(ManageEventDuties).lights(admin) }),
  });
  routes.add({
    method: 'get',
    path: '/api/admin/duties/events/:eventId',
    operationId: 'adminGetEventRoster',
    summary: "An event's duty roster: slots, holders, who could take each, the staffing light",
    ...READ,
    params: EventIdParamsSchema,
    responses: { 200: { description: 'The roster', schema: EventRosterSchema }, 404: { description: '"Event not found"' } },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(ManageEventDuties).roster(admin, params.eventId)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/duties/events/:eventId/template',
    operationId: 'adminApplyDutyTemplate',
    summary: "Add a template's slots to the event (duty types it already has are skipped)",
    ...WRITE,
    params: EventIdParamsSchema,
    body: ApplyTemplateFormSchema,
    responses: { 200: { description: 'How many slots were added', schema: z.object({ added: z.number().int() }) }, 404: { description: '"Event not found"' } },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(ManageEventDuties).applyTemplate(admin, params.eventId, body)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/duties/events/:eventId/slots',
    operationId: 'adminAddDutySlot',
    summary: 'Add one duty slot to the event',
    ...WRITE,
    params: EventIdParamsSchema,
    body: DutyNeedFormSchema,
    responses: {
      201: { description: 'Added', schema: DutySlotSchema },
      404: { description: '"Event not found"' },
      409: { description: 'The event has a slot of that duty type' },
    },
    handler: async ({ admin, params, body }) => reply(201, await ports.useCase(ManageEventDuties).addSlot(admin, params.eventId, body)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/duties/events/:eventId/cover-needed',
    operationId: 'adminAskForDutyCover',
    summary: 'Ask for cover: one message to each member eligible for, and free at the time of, an unfilled slot of the event (once a day each)',
    ...WRITE,
    params: EventIdParamsSchema,
    responses: {
      200: { description: 'How many members were asked now', schema: z.object({ asked: z.number().int() }) },
      400: { description: '"This event has no date yet, so its duties cannot be filled"' },
      404: { description: '"Event not found"' },
      409: { description: '"This event is cancelled"' },
    },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(AskForCover).ask(admin, params.eventId)),
  });
  routes.add({
    method: 'delete',
    path: '/api/admin/duties/slots/:slotId',
    operationId: 'adminRemoveDutySlot',
    summary: 'Remove a duty slot nobody holds',
    ...WRITE,
    params: SlotIdParamsSchema,
    responses: { 204: { description: 'Removed' }, 404: { description: '"Duty slot not found"' }, 409: { description: 'Members hold it' } },
    handler: async ({ admin, params }) => noContent(ports.useCase(ManageEventDuties).removeSlot(admin, params.slotId)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/duties/slots/:slotId/assignments',
    operationId: 'adminAssignDuty',
    summary: 'Assign a member to a slot: anyone eligible, or someone not eligible with a reason (kept in the audit log)',
    ...WRITE,
    params: SlotIdParamsSchema,
    body: AssignDutyFormSchema,
    responses: {
      201: { description: 'Assigned', schema: z.object({ slotId: z.string(), memberId: z.string(), overrideReason: z.string().nullable() }) },
      404: { description: 'No such slot or member' },
      409: { description: '"This duty is already filled", "This member is already on a duty at that time" or "This member already has this duty"' },
    },
    handler: async ({ admin, params, body }) => {
      const { slotId, memberId, overrideReason } = await ports.useCase(ManageEventDuties).assign(admin, params.slotId, body);
      return reply(201, { slotId, memberId, overrideReason });
    },
  });
  routes.add({
    method: 'delete',
    path: '/api/admin/duties/slots/:slotId/assignments/:memberId',
    operationId: 'adminUnassignDuty',
    summary: 'Take a member off a slot',
    ...WRITE,
    params: SlotMemberParamsSchema,
    responses: { 204: { description: 'Taken off' }, 404: { description: 'The member does not hold it' } },
    handler: async ({ admin, params }) => noContent(ports.useCase(ManageEventDuties).unassign(admin, params.slotId, params.memberId)),
  });
}
