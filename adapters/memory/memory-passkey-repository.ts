import type { Passkey, PasskeyRepository } from '../../core/member-sign-in/passkey-repository.port';
import { compareText } from './compare-text';
import { addCopy, copyOrNull } from './memory-records';

export class MemoryPasskeyRepository implements PasskeyRepository {
  private readonly passkeys = new Map<string, Passkey>();

  async create(passkey: Passkey): Promise<void> {
    addCopy(this.passkeys, passkey.credentialId, passkey, 'A passkey with this credential id already exists');
  }

  async get(credentialId: string): Promise<Passkey | null> {
    return copyOrNull(this.passkeys.get(credentialId));
  }

  async listByMember(memberId: string): Promise<Passkey[]> {
    return [...this.passkeys.values()]
      .filter((passkey) => passkey.memberId === memberId)
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || compareText(a.credentialId, b.credentialId))
      .map((passkey) => structuredClone(passkey));
  }

  async recordUse(credentialId: string, counter: number, at: Date): Promise<boolean> {
    const passkey = this.passkeys.get(credentialId);
    if (!passkey || !(counter > passkey.counter || (counter === 0 && passkey.counter === 0))) return false;
    passkey.counter = counter;
    passkey.lastUsedAt = at.toISOString();
    return true;
  }

  async delete(memberId: string, credentialId: string): Promise<boolean> {
    if (this.passkeys.get(credentialId)?.memberId !== memberId) return false;
    return this.passkeys.delete(credentialId);
  }
}
