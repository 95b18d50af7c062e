import { tablesMigration } from '../sqlite-schema';

/**
 * The challenges of members' passkey ceremonies (docs/member-sign-in.md): only a hash of each,
 * what it is for, the member adding a passkey, and its expiry (5 minutes; taken once).
 */
export const { up, down } = tablesMigration({
  passkey_challenges:
    'challengeHash text primary, purpose text, memberId text optional, createdAt text, expiresAt text, expiresAtMs bigInteger index:passkey_challenges_expiry',
});
