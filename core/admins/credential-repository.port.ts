/** A local sign-in credential: used by the local identity provider only. */
export interface Credential {
  uid: string;
  email: string;
  passwordHash: string;
  disabled: boolean;
}

export interface CredentialRepository {
  /** The credential with this e-mail (compared case-insensitively), or null. */
  getByEmail(email: string): Promise<Credential | null>;
  /** The credential of this user id, or null. */
  getByUid(uid: string): Promise<Credential | null>;
  /** Stores a new credential. Throws ConflictError if the uid or the e-mail exists. */
  create(credential: Credential): Promise<void>;
  /** Replaces a stored credential. Throws NotFoundError if the uid does not exist. */
  update(credential: Credential): Promise<void>;
}
