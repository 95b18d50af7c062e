import type { Knex } from 'knex';
import {
  APPLICATION_MESSAGES,
  MembershipApplicationSchema,
  type ApplicationStatus,
  type MembershipApplication,
} from '../../core/membership/membership-application';
import type { MembershipApplicationRepository } from '../../core/membership/membership-application-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { newestApplicationFirst, oldestApplicationFirst, validApplication } from '../membership-application-records';
import { isUniqueViolation } from './sqlite-errors';

/**
 * Membership applications in the `membership_applications` table (migration 0051): the
 * application as JSON, its status beside it. A transition is one UPDATE guarded by the status,
 * which SQLite runs atomically: of two at once, the second finds the status changed.
 */
export class SqliteMembershipApplicationRepository implements MembershipApplicationRepository {
  constructor(private readonly db: Knex) {}

  async get(id: string): Promise<MembershipApplication | null> {
    if (typeof id !== 'string') return null;
    const row = await this.db('membership_applications').where({ id }).first();
    return row ? toApplication(row) : null;
  }

  async list(): Promise<MembershipApplication[]> {
    return (await this.db('membership_applications')).map(toApplication).sort(newestApplicationFirst);
  }

  async listWithStatus(status: ApplicationStatus): Promise<MembershipApplication[]> {
    return (await this.db('membership_applications').where({ status })).map(toApplication).sort(oldestApplicationFirst);
  }

  async create(application: MembershipApplication): Promise<void> {
    const valid = validApplication(application);
    try {
      await this.db('membership_applications').insert(toRow(valid));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(APPLICATION_MESSAGES.idTaken);
      throw error;
    }
  }

  async transition(from: ApplicationStatus, next: MembershipApplication): Promise<boolean> {
    const valid = validApplication(next);
    const { id, ...fields } = toRow(valid);
    const changed = await this.db('membership_applications').where({ id, status: from }).update(fields);
    if (changed > 0) return true;
    if (!(await this.db('membership_applications').where({ id }).first())) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
    return false;
  }
}

function toRow(application: MembershipApplication): { id: string; status: string; createdAt: string; document: string } {
  return { id: application.id, status: application.status, createdAt: application.createdAt, document: JSON.stringify(application) };
}

function toApplication(row: { document: string }): MembershipApplication {
  return MembershipApplicationSchema.parse(JSON.parse(row.document));
}
