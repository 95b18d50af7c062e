import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirestorePasswordResetTokenRepository } from '../../../../adapters/firestore/firestore-password-reset-token-repository';
import { closeFirestore, openFirestore } from '../../../../adapters/firestore/firestore-storage';
import { MemoryPasswordResetTokenRepository } from '../../../../adapters/memory/memory-password-reset-token-repository';
import { CryptoSecretTokens } from '../../../../adapters/node-crypto/crypto-secret-tokens';
import { SqlitePasswordResetTokenRepository } from '../../../../adapters/sqlite/sqlite-password-reset-token-repository';
import { RESET_TOKEN_PATTERN } from '../../../../core/admins/password-reset';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { describePasswordResetTokenRepositoryContract } from './password-reset-token-repository.contract';
import { tempSqlite } from '../../../support/temp-sqlite';

const firestore = useFirestoreEmulator();

describePasswordResetTokenRepositoryContract('MemoryPasswordResetTokenRepository', async () => {
  const tokens = new MemoryPasswordResetTokenRepository();
  return { adapter: { tokens, other: tokens }, close: async () => {} };
});

describePasswordResetTokenRepositoryContract('SqlitePasswordResetTokenRepository', async () => {
  const sqlite = tempSqlite('kyc-reset-tokens-');
  // Two handles on one file, as two server processes would have.
  const first = await sqlite.open();
  const second = await sqlite.open();
  return { adapter: { tokens: new SqlitePasswordResetTokenRepository(first), other: new SqlitePasswordResetTokenRepository(second) }, close: sqlite.close };
});

describePasswordResetTokenRepositoryContract('FirestorePasswordResetTokenRepository', async () => {
  const { emulator, db } = firestore();
  await emulator.reset();
  // A second client on the same emulator, as a second server instance would have.
  const second = openFirestore({ projectId: emulator.projectId });
  return {
    adapter: { tokens: new FirestorePasswordResetTokenRepository(db), other: new FirestorePasswordResetTokenRepository(second) },
    close: () => closeFirestore(second),
  };
});

describe('CryptoSecretTokens (SecretTokens contract)', () => {
  const secrets = new CryptoSecretTokens();

  it('makes 43-character URL-safe secrets, never the same twice', () => {
    const made = Array.from({ length: 2000 }, () => secrets.generate());
    for (const secret of made) expect(secret).toMatch(RESET_TOKEN_PATTERN);
    expect(new Set(made).size).toBe(made.length);
  });

  it('hashes with SHA-256: 64 hex characters, the same for the same secret, different for another', () => {
    expect(secrets.hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(secrets.hash(a)).toMatch(/^[0-9a-f]{64}$/);
        expect(secrets.hash(a)).toBe(secrets.hash(a));
        if (a !== b) expect(secrets.hash(a)).not.toBe(secrets.hash(b));
      }),
    );
  });
});
