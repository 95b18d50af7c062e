import { withNewPermission } from '../sqlite-permission-grants';
import { tablesMigration, type TableSpec } from '../sqlite-schema';

const NEW_PERMISSION = 'duties:write';

/**
 * Duty rosters (SqliteDutyRepository, docs/duties.md): the catalogue (qualifications, duty types and
 * templates, each a JSON record by kind and id), members' qualifications, events' duty slots and
 * who holds them. The new permission `duties:write` goes to every admin holding `admins:manage`,
 * as the decisions ask for a phase's new permissions.
 */
const TABLES: Record<string, TableSpec> = {
  duty_catalogue: { columns: 'kind text, id text, name text, record text', more: (t) => t.primary(['kind', 'id']) },
  member_qualifications: { columns: 'memberId text, qualificationId text, expiresOn text optional', more: (t) => t.primary(['memberId', 'qualificationId']) },
  duty_slots: 'id text primary, eventId text index:duty_slots_event, dutyTypeId text, needed integer, optional integer, createdAt text, createdAtMs integer',
  duty_assignments: {
    columns:
      'slotId text references:duty_slots.id, memberId text index:duty_assignments_member, eventId text, start text, end text, startMs integer, endMs integer, assignedAt text, assignedAtMs integer, overrideReason text optional',
    more: (t) => t.primary(['slotId', 'memberId']),
  },
};

export const { up, down } = withNewPermission(tablesMigration(TABLES), NEW_PERMISSION);
