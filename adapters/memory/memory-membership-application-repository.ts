import { APPLICATION_MESSAGES, type ApplicationStatus, type MembershipApplication } from '../../core/membership/membership-application';
import type { MembershipApplicationRepository } from '../../core/membership/membership-application-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { newestApplicationFirst, oldestApplicationFirst, validApplication } from '../membership-application-records';
import { copyOrNull } from './memory-records';

/** Membership applications in memory (tests, and the contract's reference): each call is one step, so a transition is atomic. */
export class MemoryMembershipApplicationRepository implements MembershipApplicationRepository {
  private readonly applications = new Map<string, MembershipApplication>();

  async get(id: string): Promise<MembershipApplication | null> {
    return copyOrNull(this.applications.get(id));
  }

  async list(): Promise<MembershipApplication[]> {
    return [...this.applications.values()].sort(newestApplicationFirst).map((a) => structuredClone(a));
  }

  async listWithStatus(status: ApplicationStatus): Promise<MembershipApplication[]> {
    return [...this.applications.values()]
      .filter((a) => a.status === status)
      .sort(oldestApplicationFirst)
      .map((a) => structuredClone(a));
  }

  async create(application: MembershipApplication): Promise<void> {
    const valid = validApplication(application);
    if (this.applications.has(valid.id)) throw new ConflictError(APPLICATION_MESSAGES.idTaken);
    this.applications.set(valid.id, structuredClone(valid));
  }

  async transition(from: ApplicationStatus, next: MembershipApplication): Promise<boolean> {
    const valid = validApplication(next);
    const stored = this.applications.get(valid.id);
    if (!stored) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
    if (stored.status !== from) return false;
    this.applications.set(valid.id, structuredClone(valid));
    return true;
  }
}
