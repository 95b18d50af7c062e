import { columnsMigration } from '../sqlite-schema';

/**
 * News items written in the app live beside the imported campaigns in `campaigns`: a row with a
 * `body` (Markdown) is a news item, `finished_at` its publish time, `status` draft or published
 * (imported campaigns are published), and when it was written and last changed. Existing rows
 * (the demo's campaigns) keep working: no body, published.
 */
export const { up, down } = columnsMigration('campaigns', 'body text null, status text default:published, created_at text null, updated_at text null');
