export interface PasswordHasher {
  /** A slow salted hash; two hashes of the same password differ. */
  hash(password: string): Promise<string>;
  /** True only when the password produced the hash; false (never a throw) for a malformed hash. */
  verify(password: string, hash: string): Promise<boolean>;
}
