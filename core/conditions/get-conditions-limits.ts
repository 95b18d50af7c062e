import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { UseCase } from '../shared/use-case';
import { DEFAULT_CONDITIONS_LIMITS, type ConditionsLimits } from './conditions-limits';
import type { ConditionsRepository } from './conditions-repository.port';

export interface GetConditionsLimitsDeps {
  conditions: Pick<ConditionsRepository, 'getLimits'>;
}

/** The club's limits for the admin's screen (events:read): as saved, or the defaults until saved. */
export class GetConditionsLimits extends UseCase<GetConditionsLimitsDeps> {
  async execute(admin: Admin): Promise<{ limits: ConditionsLimits; saved: boolean }> {
    requirePermission(admin, 'events.list');
    const limits = await this.deps.conditions.getLimits();
    return limits ? { limits, saved: true } : { limits: DEFAULT_CONDITIONS_LIMITS, saved: false };
  }
}
