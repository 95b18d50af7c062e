import { tablesMigration } from '../sqlite-schema';

/**
 * Password-reset tokens of local admin accounts (SqlitePasswordResetTokenRepository): only the
 * hash of the link's secret, whose admin, when it expires and when it was used.
 */
export const { up, down } = tablesMigration({
  password_reset_tokens:
    'tokenHash text primary, uid text index:password_reset_tokens_uid, createdAt text, expiresAt text, expiresAtMs bigInteger index:password_reset_tokens_expiry, usedAt text optional',
});
