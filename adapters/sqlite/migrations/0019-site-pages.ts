import { tablesMigration } from '../sqlite-schema';

/**
 * The Beginners and Information pages' words as admins saved them (SqliteSitePageRepository), one
 * row per page, keyed by its slug. A page with no row shows its original words (core/site-pages).
 */
export const { up, down } = tablesMigration({ site_pages: 'slug text primary, title text, body text, updatedAt text, updatedBy text' });
