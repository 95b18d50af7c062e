/**
 * A member's passkey (a WebAuthn credential) as stored: what verifying its signatures needs, and
 * when it was added and last used. Nothing secret: the private key never leaves the member's device.
 */
export interface Passkey {
  /** The credential's id, base64url: unique across all members. */
  credentialId: string;
  memberId: string;
  /** The credential's public key (COSE), base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use (0 for authenticators that keep none). */
  counter: number;
  /** How the browser may reach the authenticator ("internal", "hybrid", "usb"...), as it reported them. */
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** Members' passkeys (docs/member-sign-in.md). */
export interface PasskeyRepository {
  /** Stores a new passkey. Throws ConflictError if a passkey with this credential id exists (any member's). */
  create(passkey: Passkey): Promise<void>;
  /** The passkey with this credential id, or null. */
  get(credentialId: string): Promise<Passkey | null>;
  /** The member's passkeys, oldest first (then by credential id). */
  listByMember(memberId: string): Promise<Passkey[]>;
  /**
   * Records a sign-in with the passkey: sets its counter and lastUsedAt, only if the new counter
   * is above the stored one, or both are 0 (an authenticator that keeps no counter). Atomic: of
   * concurrent uses with the same counter at most one succeeds. False (nothing changed) for an
   * unknown passkey or a counter that did not go up (a cloned authenticator, a replay).
   */
  recordUse(credentialId: string, counter: number, at: Date): Promise<boolean>;
  /** Removes the member's passkey with this id; false when the member has none with it (another member's is left alone). */
  delete(memberId: string, credentialId: string): Promise<boolean>;
}
