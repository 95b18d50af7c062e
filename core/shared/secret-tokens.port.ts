/** Secrets that a link carries (password reset) and the hashes stored in their place. */
export interface SecretTokens {
  /**
   * A new secret: 32 bytes from a cryptographically secure random source, in base64url
   * (43 characters of [A-Za-z0-9_-]). Unguessable, so never the same twice.
   */
  generate(): string;
  /** What is stored instead of the secret: its SHA-256 in hex (64 characters), the same for the same secret. */
  hash(secret: string): string;
}
