import { columnsMigration } from '../sqlite-schema';

/**
 * Work days an admin archived (SqliteWorkDayRepository): NULL for a day that never had the flag,
 * so it reads back exactly as stored. A job's `closed` flag lives in the jobs' JSON and needs no
 * column.
 */
export const { up, down } = columnsMigration('work_days', 'archived integer null');
