import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryByMembershipType } from '../../../../core/membership/membership-category';
import { categoryNameKey } from '../../../../core/membership/membership-repository.port';

const name = fc.constantFrom('Adult', 'Family', 'Junior', 'Social', 'Life member', 'Crew');
/** A name as a member's record may spell it: another case, spaces around or doubled. */
const spelling = (base: string) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  '), fc.boolean(), fc.constantFrom('', ' '))
    .map(([pad, upper, end]) => `${pad}${(upper ? base.toUpperCase() : base.toLowerCase()).replace(' ', '  ')}${end}`);

describe('the category a membership type names', () => {
  it('is the first category whose name has the same key, as a search of the list finds, or null', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.uuid(), name }), { maxLength: 8 }),
        name.chain((base) => spelling(base)),
        (categories, membershipType) => {
          const expected = categories.find((c) => categoryNameKey(c.name) === categoryNameKey(membershipType)) ?? null;
          expect(categoryByMembershipType(categories)(membershipType)).toBe(expected);
        },
      ),
    );
  });

  it('finds "Family" for " family " and nothing for "Families"', () => {
    const family = { id: 'family', name: 'Family' };
    const lookup = categoryByMembershipType([{ id: 'adult', name: 'Adult' }, family]);
    expect(lookup(' family ')).toBe(family);
    expect(lookup('Families')).toBeNull();
  });
});
