import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScryptPasswordHasher } from '../../../../adapters/node-crypto/scrypt-password-hasher';

// Cheap parameters keep the property runs fast; one test checks the real defaults.
const hasher = new ScryptPasswordHasher({ N: 1024 });

describe('ScryptPasswordHasher', () => {
  it('stores scrypt$N$r$p$salt$hash and verifies the right password only', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(await hasher.verify('correct horse batterY', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('salts: two hashes of the same password differ and both verify', async () => {
    const a = await hasher.hash('same password');
    const b = await hasher.hash('same password');
    expect(a).not.toBe(b);
    expect(await hasher.verify('same password', a)).toBe(true);
    expect(await hasher.verify('same password', b)).toBe(true);
  });

  it('uses slow parameters by default (N = 16384)', async () => {
    const stored = await new ScryptPasswordHasher().hash('x');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(await new ScryptPasswordHasher().verify('x', stored)).toBe(true);
  });

  it('verifies any password, unicode included, against its own hash and not another', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 40 }), async (password, other) => {
        const stored = await hasher.hash(password);
        expect(await hasher.verify(password, stored)).toBe(true);
        if (other !== password) expect(await hasher.verify(other, stored)).toBe(false);
      }),
      { numRuns: 25 },
    );
  });

  it('answers false, never throws, for malformed or tampered hashes', async () => {
    const good = await hasher.hash('pw');
    const parts = good.split('$');
    const tampered = [
      '',
      'scrypt',
      'bcrypt$1024$8$1$' + parts[4] + '$' + parts[5],
      ['scrypt', '1000', '8', '1', parts[4], parts[5]].join('$'), // N not a power of two
      ['scrypt', String(1 << 30), '8', '1', parts[4], parts[5]].join('$'), // absurd cost
      ['scrypt', '1024', '8', '1', '', parts[5]].join('$'),
      ['scrypt', '1024', '8', '1', parts[4], 'AAAA'].join('$'),
      ['scrypt', '1024', '8', '1', parts[4], parts[5].slice(0, -2) + (parts[5].endsWith('A') ? 'BB' : 'AA')].join('$'),
      good + '$extra',
    ];
    for (const hash of tampered) expect(await hasher.verify('pw', hash)).toBe(false);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (hash) => {
        expect(await hasher.verify('pw', hash)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
