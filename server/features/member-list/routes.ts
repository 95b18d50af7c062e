import { z } from 'zod';
import { AddMember } from '../../../core/members/add-member';
import { ImportMembers, MEMBER_LIST_CHANGED_MESSAGE } from '../../../core/members/import-members';
import { ListMembers } from '../../../core/operations/list-members';
import { MEMBER_FORM_MESSAGES, MemberChangesSchema, MemberFormSchema, MemberListResponseSchema, MemberResponseSchema } from '../../../core/members/member-form';
import { MAX_MEMBER_CSV_BYTES, MEMBER_CSV_TOO_LARGE_MESSAGE, MemberImportPreviewSchema, MemberImportResultSchema } from '../../../core/members/member-import';
import { PreviewMemberImport } from '../../../core/members/preview-member-import';
import { UpdateMember } from '../../../core/operations/update-member';
import { AddHouseholdMember, ChooseHouseholdContact, GetMemberHousehold, RemoveHouseholdMember } from '../../../core/members/household-members';
import { AdminHouseholdSchema, HouseholdMemberChoiceSchema, HouseholdMemberEmailFormSchema } from '../../../core/members/household-views';
import { HOUSEHOLD_MEMBER_MESSAGES } from '../../../core/members/household-membership';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { csvRefusals, readCsvUpload, uploadedBytes } from '../../http/route-helpers';
import { saying } from '../../http/route-parts';

/** A member's id in the address; any text up to 200 characters is taken, and one that names no member is a 404. */
const MemberIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

const readCsvBody = readCsvUpload(MAX_MEMBER_CSV_BYTES, MEMBER_CSV_TOO_LARGE_MESSAGE);

const CSV_BODY = {
  contentType: 'text/csv',
  description: `The club's membership export as CSV, UTF-8, at most ${MAX_MEMBER_CSV_BYTES / 1024} kB: one member a line, "name,e-mail,membership type,renewal date" (renewal date day first 31/03/2027 or ISO 2027-03-31); an optional header line naming the columns, in any order`,
};
const CSV_REFUSALS = csvRefusals(MEMBER_CSV_TOO_LARGE_MESSAGE);

/** Seeing the list needs members:write as changing it does: it is personal data. */
const READ = { tag: 'admin members', access: { action: 'members.read' } } as const;
const WRITE = { tag: 'admin members', access: { action: 'members.write' } } as const;
const CSV_UPLOAD = { ...WRITE, rawBody: CSV_BODY, before: [readCsvBody] };

/** The club's member list in the admin panel: list, add, edit (disable, enable), and the CSV import with its preview. */
export function registerMemberListRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/members',
    operationId: 'adminListMembers',
    summary: "The club's member list, by name, each with whether the membership is current today (London)",
    ...READ,
    responses: { 200: { description: 'The members', schema: MemberListResponseSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(ListMembers).execute(admin)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/members',
    operationId: 'adminCreateMember',
    summary: 'Add a member (name, e-mail, membership type, renewal date day first or ISO)',
    ...WRITE,
    body: MemberFormSchema,
    responses: {
      201: { description: `Added; 400 with a message per field ("${MEMBER_FORM_MESSAGES.emailTaken}" on the e-mail)`, schema: MemberResponseSchema },
    },
    handler: async ({ admin, body }) => reply(201, { member: await ports.useCase(AddMember).execute(admin, body) }),
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/members/:id',
    operationId: 'adminUpdateMember',
    summary: "Change a member's details (any of the form's fields) or disable or enable them",
    ...WRITE,
    params: MemberIdParamsSchema,
    body: MemberChangesSchema,
    responses: {
      200: { description: 'Changed (the same values again change nothing)', schema: MemberResponseSchema },
      404: saying(MEMBER_FORM_MESSAGES.notFound),
    },
    handler: async ({ admin, params, body }) => reply(200, { member: await ports.useCase(UpdateMember).execute(admin, params.id, body) }),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/members/import/preview',
    operationId: 'adminPreviewMemberImport',
    summary: 'Check a CSV file of members and say what importing it would add and update; stores nothing',
    ...CSV_UPLOAD,
    responses: {
      200: {
        description: 'ok false: every bad line with its reasons (line null: the file as a whole); ok true: the members to add and to update',
        schema: MemberImportPreviewSchema,
      },
      ...CSV_REFUSALS,
    },
    handler: async ({ admin, req }) => reply(200, await ports.useCase(PreviewMemberImport).execute(admin, uploadedBytes(req.body))),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/members/import',
    operationId: 'adminImportMembers',
    summary: 'Import a CSV file of members, checked again: all of it, or nothing when any line is bad (400, each bad line in fields)',
    ...CSV_UPLOAD,
    responses: {
      200: { description: 'Imported: how many members, added, updated and unchanged', schema: MemberImportResultSchema },
      409: saying(MEMBER_LIST_CHANGED_MESSAGE),
      ...CSV_REFUSALS,
    },
    handler: async ({ admin, req }) => reply(200, await ports.useCase(ImportMembers).execute(admin, uploadedBytes(req.body))),
  });

  // A member's household (docs/members-households.md): its members, one the contact.
  const HOUSEHOLD_PARAMS = z.object({ id: z.string().min(1).max(200), memberId: z.string().min(1).max(200) });
  const HOUSEHOLD_ANSWER = { description: 'The household now (householdId null: the member is in none)', schema: AdminHouseholdSchema };
  routes.add({
    method: 'get',
    path: '/api/admin/members/:id/household',
    operationId: 'adminGetMemberHousehold',
    summary: "A member's household: its members (e-mails, the contact marked) and dependants",
    ...WRITE,
    params: MemberIdParamsSchema,
    responses: { 200: HOUSEHOLD_ANSWER, 404: saying(MEMBER_FORM_MESSAGES.notFound) },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetMemberHousehold).execute(admin, params.id)),
  });
  routes.add({
    method: 'post',
    path: '/api/admin/members/:id/household/members',
    operationId: 'adminAddHouseholdMember',
    summary: "Adds an existing member (by e-mail) to the member's household (a member in none starts one, as its contact)",
    ...WRITE,
    params: MemberIdParamsSchema,
    body: HouseholdMemberEmailFormSchema,
    responses: {
      200: HOUSEHOLD_ANSWER,
      400: saying(`On email: "${HOUSEHOLD_MEMBER_MESSAGES.emailRequired}", "${HOUSEHOLD_MEMBER_MESSAGES.noSuchMember}"`),
      404: saying(MEMBER_FORM_MESSAGES.notFound),
      409: saying(`"${HOUSEHOLD_MEMBER_MESSAGES.inAHousehold}", "${HOUSEHOLD_MEMBER_MESSAGES.full}"`),
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(AddHouseholdMember).execute(admin, params.id, body)),
  });
  routes.add({
    method: 'delete',
    path: '/api/admin/members/:id/household/members/:memberId',
    operationId: 'adminRemoveHouseholdMember',
    summary: "Takes a member out of the member's household; when they were its contact, the member who joined next becomes it",
    ...WRITE,
    params: HOUSEHOLD_PARAMS,
    responses: { 200: HOUSEHOLD_ANSWER, 404: saying(HOUSEHOLD_MEMBER_MESSAGES.notInHousehold), 409: saying(HOUSEHOLD_MEMBER_MESSAGES.onlyMember) },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(RemoveHouseholdMember).execute(admin, params.id, params.memberId)),
  });
  routes.add({
    method: 'put',
    path: '/api/admin/members/:id/household/contact',
    operationId: 'adminChooseHouseholdContact',
    summary: "Chooses the contact of the member's household among its members",
    ...WRITE,
    params: MemberIdParamsSchema,
    body: HouseholdMemberChoiceSchema,
    responses: { 200: HOUSEHOLD_ANSWER, 404: saying(HOUSEHOLD_MEMBER_MESSAGES.notInHousehold) },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(ChooseHouseholdContact).execute(admin, params.id, body)),
  });
}
