import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryHouseholdRepository } from '../../../../adapters/memory/memory-household-repository';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { AddHouseholdPerson } from '../../../../core/members/add-household-person';
import { ChangeHouseholdPerson } from '../../../../core/members/change-household-person';
import { HOUSEHOLD_MESSAGES, MAX_HOUSEHOLD_PEOPLE, validateHouseholdPerson } from '../../../../core/members/household';
import { ListHousehold } from '../../../../core/members/list-household';
import { RemoveHouseholdPerson } from '../../../../core/members/remove-household-person';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';

function makeHouseholds() {
  const deps = { households: new MemoryHouseholdRepository(), clock: new FixedClock('2026-06-01T09:00:00.000Z'), ids: new SequentialIdGenerator('hp') };
  return {
    ...deps,
    list: new ListHousehold(deps),
    add: new AddHouseholdPerson(deps),
    change: new ChangeHouseholdPerson(deps),
    remove: new RemoveHouseholdPerson(deps),
  };
}

const ann = { id: 'member-ann' };
const bob = { id: 'member-bob' };

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

describe('household rules', () => {
  it('a valid person has a name of 1 to 100 characters, trimmed, adult or junior, and a year from 1900 to this year or none', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120 }),
        fc.constantFrom('adult', 'junior', 'Junior ', 'child', ''),
        fc.oneof(fc.integer({ min: 1850, max: 2100 }), fc.constant('')),
        (name, kind, year) => {
          const result = validateHouseholdPerson({ name, kind, yearOfBirth: year }, 2026);
          const cleaned = name.trim().replace(/\s+/g, ' ');
          const valid =
            cleaned.length >= 1 &&
            cleaned.length <= 100 &&
            ['adult', 'junior'].includes(kind.trim().toLowerCase()) &&
            (year === '' || (year >= 1900 && year <= 2026));
          expect(result.ok).toBe(valid);
          if (result.ok) {
            expect(result.value.name).toBe(cleaned);
            expect(result.value.yearOfBirth).toBe(year === '' ? null : year);
          }
        },
      ),
    );
  });

  it('names each mistake in the member’s words', () => {
    expect(validateHouseholdPerson({ name: ' ', kind: 'child', yearOfBirth: '20x6' }, 2026)).toEqual({
      ok: false,
      errors: {
        name: HOUSEHOLD_MESSAGES.nameRequired,
        kind: 'Choose adult or junior',
        yearOfBirth: 'Year of birth must be a year from 1900 to 2026, or left empty',
      },
    });
    expect(validateHouseholdPerson({ name: 'x'.repeat(101), kind: 'adult', yearOfBirth: '' }, 2026)).toEqual({
      ok: false,
      errors: { name: 'The name must be at most 100 characters' },
    });
  });
});

describe('household use cases', () => {
  it('adds people to the signed-in member’s household and lists them in the order added', async () => {
    const h = makeHouseholds();
    const tom = await h.add.execute(ann, { name: '  Tom   Sailor ', kind: 'junior', yearOfBirth: '2016' });
    // The member's new household took the first id: its dependants are keyed by it.
    expect(tom).toEqual({
      id: 'hp-000002',
      memberId: 'hp-000001',
      name: 'Tom Sailor',
      kind: 'junior',
      yearOfBirth: 2016,
      createdAt: '2026-06-01T09:00:00.000Z',
      updatedAt: '2026-06-01T09:00:00.000Z',
    });
    h.clock.advance(60_000);
    await h.add.execute(ann, { name: 'Gran', kind: 'adult' });
    expect((await h.list.execute(ann)).map((p) => p.name)).toEqual(['Tom Sailor', 'Gran']);
    expect(await h.list.execute(bob)).toEqual([]);
  });

  it('refuses bad input with the field’s message and stores nothing', async () => {
    const h = makeHouseholds();
    const error = await refusal(h.add.execute(ann, { name: '', kind: 'junior' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ name: HOUSEHOLD_MESSAGES.nameRequired });
    expect(await refusal(h.add.execute(ann, 'not a form'))).toBeInstanceOf(ValidationError);
    expect(await h.list.execute(ann)).toEqual([]);
  });

  it(`holds at most ${MAX_HOUSEHOLD_PEOPLE} people besides the member: the next is refused with 409`, async () => {
    const h = makeHouseholds();
    await Promise.all(Array.from({ length: MAX_HOUSEHOLD_PEOPLE }, (_, i) => h.add.execute(ann, { name: `Child ${i + 1}`, kind: 'junior' })));
    const error = await refusal(h.add.execute(ann, { name: 'One more', kind: 'junior' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(HOUSEHOLD_MESSAGES.full);
    expect(await h.list.execute(ann)).toHaveLength(MAX_HOUSEHOLD_PEOPLE);
  });

  it('renames a person of the member’s own household only', async () => {
    const h = makeHouseholds();
    const tom = await h.add.execute(ann, { name: 'Tom', kind: 'junior' });
    h.clock.advance(60_000);
    const renamed = await h.change.execute(ann, tom.id, { name: 'Thomas', kind: 'junior', yearOfBirth: 2016 });
    expect(renamed).toEqual({ ...tom, name: 'Thomas', yearOfBirth: 2016, updatedAt: '2026-06-01T09:01:00.000Z' });
    expect(await h.list.execute(ann)).toEqual([renamed]);
    expect(await refusal(h.change.execute(bob, tom.id, { name: 'Stolen', kind: 'adult' }))).toBeInstanceOf(NotFoundError);
    expect(await refusal(h.change.execute(ann, tom.id, { name: '', kind: 'adult' }))).toBeInstanceOf(ValidationError);
    expect(await h.list.execute(ann)).toEqual([renamed]);
  });

  it('removes a person of the member’s own household; another member, or a second removal, is 404', async () => {
    const h = makeHouseholds();
    const tom = await h.add.execute(ann, { name: 'Tom', kind: 'junior' });
    expect(await refusal(h.remove.execute(bob, tom.id))).toBeInstanceOf(NotFoundError);
    await h.remove.execute(ann, tom.id);
    expect(await h.list.execute(ann)).toEqual([]);
    expect(await refusal(h.remove.execute(ann, tom.id))).toBeInstanceOf(NotFoundError);
  });
});
