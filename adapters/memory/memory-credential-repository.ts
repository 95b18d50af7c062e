import { ConflictError, NotFoundError } from '../../core/shared/errors';
import type { Credential, CredentialRepository } from '../../core/admins/credential-repository.port';

export class MemoryCredentialRepository implements CredentialRepository {
  private readonly credentials = new Map<string, Credential>();

  async getByEmail(email: string): Promise<Credential | null> {
    const credential = this.findByEmail(email);
    return credential ? { ...credential } : null;
  }

  async getByUid(uid: string): Promise<Credential | null> {
    const credential = this.credentials.get(uid);
    return credential ? { ...credential } : null;
  }

  async create(credential: Credential): Promise<void> {
    if (this.credentials.has(credential.uid)) throw new ConflictError('A user with this user id already exists');
    if (this.findByEmail(credential.email)) throw new ConflictError('A user with this e-mail already exists');
    this.credentials.set(credential.uid, { ...credential });
  }

  async update(credential: Credential): Promise<void> {
    if (!this.credentials.has(credential.uid)) throw new NotFoundError('User not found');
    const sameEmail = this.findByEmail(credential.email);
    if (sameEmail && sameEmail.uid !== credential.uid) throw new ConflictError('A user with this e-mail already exists');
    this.credentials.set(credential.uid, { ...credential });
  }

  private findByEmail(email: string): Credential | undefined {
    const key = email.toLowerCase();
    return [...this.credentials.values()].find((credential) => credential.email.toLowerCase() === key);
  }
}
