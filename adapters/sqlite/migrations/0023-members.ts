import { withNewPermission } from '../sqlite-permission-grants';
import { tablesMigration } from '../sqlite-schema';

const NEW_PERMISSION = 'members:write';

/**
 * The club's member list (SqliteMemberRepository, docs/members.md). emailKey is the lower-cased e-mail:
 * e-mails are unique regardless of case, as the admins' are. The new permission `members:write`
 * goes to every admin holding `admins:manage` (decisions: a phase's new permissions are given to
 * the admins who manage admins, who may then grant them).
 */
const TABLES = {
  // phone and the emergency contact are optional: null when not given.
  members:
    'id text primary, name text, email text, emailKey text unique:members_email, membershipType text, renewalDate text, disabled integer, ' +
    'phone text optional, emergencyContactName text optional, emergencyContactPhone text optional, createdAt text, updatedAt text',
};

export const { up, down } = withNewPermission(tablesMigration(TABLES), NEW_PERMISSION);
