import { describe, expect, it } from 'vitest';
import { CATEGORY_COLUMNS, SqliteMembershipRepository } from '../../../../adapters/sqlite/sqlite-membership-repository';
import { CATEGORY_AUDIT_FIELDS } from '../../../../core/membership/membership-admin';
import { MembershipCategorySchema } from '../../../../core/membership/membership-category';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { aMembershipCategory } from '../../../support/entities';

// A field added to MembershipCategorySchema is stored and audited without anyone listing it again
// (docs/membership.md#administering-categories-and-settings): the SQLite columns read and the
// audited fields are derived from the schema, and the table must have a column for each.
const FIELDS = Object.keys(MembershipCategorySchema.shape).sort();

describe('membership category fields', () => {
  it('every field of the schema is read from SQLite and audited (but the id and the times)', () => {
    expect([...CATEGORY_COLUMNS].sort()).toEqual(FIELDS);
    expect([...CATEGORY_AUDIT_FIELDS, 'id', 'createdAt', 'updatedAt'].sort()).toEqual(FIELDS);
  });

  it('the SQLite table has a column for every field, and a category with every field set reads back whole', async () => {
    const sqlite = await openTempSqlite('kyc-category-columns-');
    try {
      const columns = ((await sqlite.db.raw('PRAGMA table_info(membership_categories)')) as { name: string }[]).map((column) => column.name);
      const missing = FIELDS.filter((field) => !columns.includes(field));
      expect(missing, 'schema fields with no column in membership_categories: add a migration').toEqual([]);
      const repository = new SqliteMembershipRepository(sqlite.db);
      // Every yes/no field true, every other field away from the builder's defaults.
      const category = aMembershipCategory({
        id: 'crew-racing',
        name: 'Crew (racing)',
        description: 'Crews on race days',
        seasonPrice: 6_050,
        coversHousehold: true,
        dutiesPerSeason: 3,
        onlinePurchase: true,
        life: true,
        withdrawn: true,
      });
      await repository.createCategory(category);
      expect(await repository.getCategory('crew-racing')).toEqual(category);
    } finally {
      await sqlite.close();
    }
  });
});
