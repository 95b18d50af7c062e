import { columnsMigration } from '../sqlite-schema';

/**
 * An imported campaign may keep the e-mail's text (`content`, Markdown), so that the club's own
 * page shows it rather than a provider's link that may lead nowhere. Existing rows have none and
 * keep their preview link; news items keep their text in `body`.
 */
export const { up, down } = columnsMigration('campaigns', 'content text null');
