import { tablesMigration } from '../sqlite-schema';

/**
 * Members' passwordless sign-in (docs/member-sign-in.md): one live code per e-mail (hashes of
 * the e-mail and the code, tries, expiry, use), the members' own sessions (hash of the token) and
 * their passkeys (public keys only).
 */
export const { up, down } = tablesMigration({
  sign_in_codes:
    'emailHash text primary, memberId text, codeHash text, createdAt text, expiresAt text, expiresAtMs bigInteger index:sign_in_codes_expiry, tries integer default:0, usedAt text optional',
  member_sessions:
    'tokenHash text primary, uid text index:member_sessions_uid, createdAt text, expiresAt text, expiresAtMs bigInteger index:member_sessions_expiry',
  passkeys:
    'credentialId text primary, memberId text index:passkeys_member, publicKey text, counter integer, transports text, createdAt text, createdAtMs bigInteger, lastUsedAt text optional',
});
