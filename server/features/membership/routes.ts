import {
  CreateMembershipCategory,
  GetMembershipSettings,
  ListMembershipCategories,
  ListOfferedMembershipCategories,
  SaveMembershipSettings,
  UpdateMembershipCategory,
} from '../../../core/membership/membership-admin';
import { MembershipCategoryAnswerSchema, MembershipCategoryListSchema, MembershipSettingsAnswerSchema, OfferedCategoryListSchema } from '../../../core/membership/membership-schema';
import { MEMBERSHIP_FORM_MESSAGES, MembershipCategoryFormValuesSchema, MembershipSettingsFormValuesSchema } from '../../../core/membership/membership-forms';
import type { AppContainer } from '../../container';
import { AdminCollection } from '../../http/admin-collection';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { saying } from '../../http/route-parts';

/** Every admin membership route: members:write reads and changes (decisions, fourth phase). */
const MEMBERS_WRITE = { action: 'members.write' } as const;
const NAME_TAKEN = { description: '"There is already a category called {name}" (names are compared case-insensitively)' };

/**
 * Membership categories and settings (docs/membership.md#administering-categories-and-settings).
 * Categories are never deleted: an admin withdraws one, which its holders keep.
 */
export function registerMembershipRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    access: 'public',
    path: '/api/membership/categories',
    operationId: 'listOfferedMembershipCategories',
    summary: 'The membership categories anyone may buy online (not withdrawn), by name, with their prices for a whole membership year in minor units',
    tag: 'membership',
    responses: { 200: { description: 'The categories offered', schema: OfferedCategoryListSchema } },
    handler: async () => reply(200, await ports.useCase(ListOfferedMembershipCategories).execute()),
  });

  const categories = new AdminCollection(routes, {
    path: '/api/admin/membership/categories',
    tag: 'admin membership',
    read: MEMBERS_WRITE,
    write: MEMBERS_WRITE,
    notFound: saying(MEMBERSHIP_FORM_MESSAGES.categoryNotFound),
  });
  categories.list({
    operationId: 'adminListMembershipCategories',
    summary: 'Every membership category, withdrawn ones too, by name',
    responses: { 200: { description: 'The categories', schema: MembershipCategoryListSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(ListMembershipCategories).execute(admin)),
  });
  categories.create({
    operationId: 'adminCreateMembershipCategory',
    summary: 'Add a membership category (price as decimal text, duties as a whole number); its id is made from its name',
    body: MembershipCategoryFormValuesSchema,
    responses: { 201: { description: 'Added', schema: MembershipCategoryAnswerSchema }, 409: NAME_TAKEN },
    handler: async ({ admin, body }) => reply(201, { category: await ports.useCase(CreateMembershipCategory).execute(admin, body) }),
  });
  categories.update({
    operationId: 'adminUpdateMembershipCategory',
    summary: 'Change a membership category, or withdraw it (its holders keep it; it is no longer offered); its id never changes',
    body: MembershipCategoryFormValuesSchema,
    responses: { 200: { description: 'Changed', schema: MembershipCategoryAnswerSchema }, 409: NAME_TAKEN },
    handler: async ({ admin, params, body }) => reply(200, { category: await ports.useCase(UpdateMembershipCategory).execute(admin, params.id, body) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/membership/settings',
    operationId: 'adminGetMembershipSettings',
    summary: 'The membership settings: the defaults until an admin saves them',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    responses: { 200: { description: 'The settings', schema: MembershipSettingsAnswerSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetMembershipSettings).execute(admin)),
  });
  routes.add({
    method: 'put',
    path: '/api/admin/membership/settings',
    operationId: 'adminSaveMembershipSettings',
    summary: 'Save the membership settings: the year (fixed from a day, or rolling), renewal window, reminder days, joining discount, admission and application expiry',
    tag: 'admin membership',
    access: MEMBERS_WRITE,
    body: MembershipSettingsFormValuesSchema,
    responses: { 200: { description: 'Saved', schema: MembershipSettingsAnswerSchema } },
    handler: async ({ admin, body }) => reply(200, await ports.useCase(SaveMembershipSettings).execute(admin, body)),
  });
}
