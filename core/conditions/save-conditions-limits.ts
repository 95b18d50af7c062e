import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { fieldsError } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { ConditionsLimitsFormSchema, ConditionsLimitsSchema, DEFAULT_CONDITIONS_LIMITS, type ConditionsLimits } from './conditions-limits';
import type { ConditionsRepository } from './conditions-repository.port';

export interface SaveConditionsLimitsDeps extends AuditTrailDeps {
  conditions: Pick<ConditionsRepository, 'getLimits' | 'saveLimits'>;
}

/** The limits as one line of the audit log: "club-racing 20/28 kn, …; margin 3 kn; default club-racing". */
function limitsLine(limits: ConditionsLimits): string {
  return `${limits.kinds.map((kind) => `${kind.id} ${kind.windKn}/${kind.gustKn} kn`).join(', ')}; margin ${limits.marginKn} kn; default ${limits.defaultKind}`;
}

/**
 * An admin (events:write) saves the club's limits: each kind of event with its wind and gust
 * limits, the default kind and the margin. Bad values are refused field by field (kinds.0.windKn…)
 * and nothing is stored; the change is in the audit log.
 */
export class SaveConditionsLimits extends UseCase<SaveConditionsLimitsDeps> {
  async execute(admin: Admin, form: unknown): Promise<ConditionsLimits> {
    const values = permittedInput(admin, 'events.update', ConditionsLimitsFormSchema, form);
    const limits = { ...values, updatedAt: this.deps.clock.now().toISOString(), updatedBy: admin.email };
    const checked = ConditionsLimitsSchema.safeParse(limits);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) errors[issue.path.join('.') || 'limits'] ??= issue.message;
      throw fieldsError(errors);
    }
    const before = (await this.deps.conditions.getLimits()) ?? DEFAULT_CONDITIONS_LIMITS;
    await this.deps.conditions.saveLimits(checked.data);
    await recordAdminAction(this.deps, admin, {
      action: 'conditions.limits-saved',
      recordType: 'event',
      recordId: 'conditions-limits',
      summary: 'Changed the club’s wind limits',
      before: { limits: limitsLine(before) },
      after: { limits: limitsLine(checked.data) },
    });
    return checked.data;
  }
}
