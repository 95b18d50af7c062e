import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWellFormedInput } from '../../../core/shared/well-formed-text';

const loneSurrogate = fc.oneof(fc.integer({ min: 0xd800, max: 0xdbff }), fc.integer({ min: 0xdc00, max: 0xdfff })).map((code) => String.fromCharCode(code));
/** Text with one unpaired surrogate somewhere in it (never completed into a pair by its neighbours). */
const brokenText = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), loneSurrogate, fc.string({ unit: 'grapheme', maxLength: 20 }))
  .map(([before, lone, after]) => `${before}${lone}|${after}`);

/** Puts `leaf` somewhere inside a JSON-like value: as a value or as a key, at some depth. */
function within(leaf: fc.Arbitrary<string>) {
  return fc.tuple(leaf, fc.array(fc.constantFrom('array', 'value', 'key'), { maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })).map(([text, path, filler]) => {
    let value: unknown = text;
    for (const step of path) {
      if (step === 'array') value = [filler, value];
      else if (step === 'value') value = { a: filler, b: value };
      else value = { [typeof value === 'string' ? value : 'k']: typeof value === 'string' ? filler : value };
    }
    return value;
  });
}

describe('well-formed input', () => {
  it('accepts any JSON made of well-formed text, emoji and other astral characters included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ unit: 'grapheme' }), (value, text) => {
        expect(isWellFormedInput(value)).toBe(true);
        expect(isWellFormedInput({ [text]: [text, '👩‍👩‍👧‍👦', '𝔘'] })).toBe(true);
      }),
    );
  });

  it('refuses an unpaired surrogate anywhere: in a value, a list or a key, at any depth a request has', () => {
    fc.assert(
      fc.property(within(brokenText), (value) => {
        expect(isWellFormedInput(value)).toBe(false);
      }),
    );
  });

  it('says so of the values fast-check found breaking Firestore', () => {
    expect(isWellFormedInput({ checkoutId: '\ud800', cardToken: ' ' })).toBe(false);
    expect(isWellFormedInput({ firstName: 'A\udc00' })).toBe(false);
    expect(isWellFormedInput({ firstName: 'A\ud83d\ude00' })).toBe(true);
  });
});
