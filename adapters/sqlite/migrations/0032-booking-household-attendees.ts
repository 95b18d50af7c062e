import { columnsMigration } from '../sqlite-schema';

/**
 * Named attendees (docs/members-households.md): a member's booking stores the household people they named as
 * attending (JSON: person id, name, kind, the place taken, whether at the member price), so admins,
 * the member and a later check-in see who they are. Bookings stored before name no one.
 */
export const { up, down } = columnsMigration('bookings', 'householdAttendees text default:[]');
