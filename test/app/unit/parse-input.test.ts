import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../../core/shared/errors';
import { inputErrors, parseInput } from '../../../core/shared/parse-input';
import { ADMIN_MESSAGES, CreateAdminRequestSchema } from '../../../core/admin-accounts/create-admin';

const Schema = z.strictObject({
  name: z.string().min(1, 'Please enter your name').max(5),
  count: z.number().int().min(1).max(9),
  kind: z.enum(['a', 'b']).optional(),
  tags: z.array(z.string()).max(2).optional(),
  email: z.email().optional(),
  flag: z.boolean().optional(),
});

function failure(input: unknown, what?: 'body' | 'query' | 'params' | 'input'): ValidationError {
  try {
    parseInput(Schema, input, what);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('parseInput: the one mapper from zod issues to messages', () => {
  it('keeps a schema’s own words, and says plainly what else is wrong, per field, first field as headline', () => {
    const error = failure({ name: '', count: 'x', kind: 'c', tags: ['1', '2', '3'], email: 'no', flag: 'yes' }, 'body');
    expect(error.message).toBe('Please enter your name');
    expect(error.fields).toEqual({
      name: 'Please enter your name',
      count: 'count must be a number',
      kind: 'kind must be one of a, b',
      tags: 'tags must have at most 2 items',
      email: 'email must be an e-mail address',
      flag: 'flag must be true or false',
    });
    expect(failure({ name: 'Ann', count: 0 }, 'query').message).toBe('Invalid query parameter: count must be at least 1');
    expect(failure({ name: 'Annabel', count: 10 }).fields).toEqual({ name: 'name must be at most 5 characters', count: 'count must be at most 9' });
    expect(failure({ name: 'Ann' }).message).toBe('Invalid field: count is required');
    expect(failure({ name: 'Ann', count: 1, extra: 1 }).message).toBe('Unknown fields: extra');
  });

  it('refuses a body that is not an object, broken text anywhere, and a use case called with nothing', () => {
    expect(failure([1], 'body').message).toBe('The request body must be a JSON object');
    expect(failure({ name: 'a\ud800', count: 1 }).message).toMatch(/broken character/);
    expect(failure(undefined).message).toBe('Invalid field: name is required');
    expect(parseInput(Schema, { name: 'Ann', count: 2 })).toEqual({ name: 'Ann', count: 2 });
  });

  it('whatever it is given: the parsed value, or a ValidationError with a message and fields of top-level names only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ name: fc.anything(), count: fc.anything(), kind: fc.anything() }, { requiredKeys: [] })), (input) => {
        try {
          expect(Schema.safeParse(parseInput(Schema, input)).success).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
          const { message, fields } = error as ValidationError;
          expect(message.length).toBeGreaterThan(0);
          for (const key of Object.keys(fields ?? {})) expect(key).not.toContain('.');
        }
      }),
    );
  });
});

describe('inputErrors: the same check for a form, without throwing', () => {
  it('gives exactly the fields parseInput refuses, and nothing when it accepts', () => {
    fc.assert(
      fc.property(fc.record({ email: fc.string(), name: fc.string(), password: fc.string() }, { requiredKeys: [] }), (input) => {
        let thrown: Record<string, string> = {};
        try {
          parseInput(CreateAdminRequestSchema, input);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          thrown = error.fields ?? { '': error.message };
        }
        expect(inputErrors(CreateAdminRequestSchema, input)).toEqual(thrown);
      }),
    );
  });

  it("names each empty field of a new admin with the server's words", () => {
    expect(inputErrors(CreateAdminRequestSchema, { email: '', name: ' ', password: '' })).toEqual({
      email: ADMIN_MESSAGES.emailInvalid,
      name: ADMIN_MESSAGES.nameRequired,
      password: ADMIN_MESSAGES.passwordTooShort,
    });
    expect(inputErrors(CreateAdminRequestSchema, { email: 'a@b.example', name: 'A', password: '12345678' })).toEqual({});
  });
});
