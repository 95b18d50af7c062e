import { tablesMigration } from '../sqlite-schema';

/**
 * Membership categories and settings (SqliteMembershipRepository, docs/membership.md). A
 * category's `nameKey` is its name as compared (lower case, white space trimmed): unique, so that
 * two admins adding one name at once store it once. The settings are one row, key 'settings',
 * their JSON; no row means the defaults.
 */
export const { up, down } = tablesMigration({
  membership_categories:
    'id text primary, name text, nameKey text unique:membership_categories_name, description text, seasonPrice integer, coversHousehold integer, dutiesPerSeason integer, onlinePurchase integer, life integer, withdrawn integer, createdAt text, updatedAt text',
  membership_settings: 'key text primary, settings text',
});
