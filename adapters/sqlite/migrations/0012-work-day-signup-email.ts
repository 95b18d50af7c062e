import { columnsMigration } from '../sqlite-schema';

/**
 * A work-day sign-up's optional e-mail address (its confirmation, withdraw link and reminder go
 * there); null for a sign-up without one, and for every sign-up stored before this migration.
 */
export const { up, down } = columnsMigration('work_day_signups', 'email text optional');
