import { MembershipApplicationSchema, type MembershipApplication } from '../core/membership/membership-application';
import { ValidationError } from '../core/shared/errors';
import { compareText } from './memory/compare-text';

/** An application checked before it is stored: anything else is refused with a ValidationError. */
export function validApplication(application: MembershipApplication): MembershipApplication {
  const parsed = MembershipApplicationSchema.safeParse(application);
  if (!parsed.success) throw new ValidationError('Not a valid membership application');
  return parsed.data;
}

/** Newest first (createdAt), then by id, as every adapter lists applications. */
export function newestApplicationFirst(a: MembershipApplication, b: MembershipApplication): number {
  return compareText(b.createdAt, a.createdAt) || compareText(a.id, b.id);
}

/** Oldest first (createdAt), then by id. */
export function oldestApplicationFirst(a: MembershipApplication, b: MembershipApplication): number {
  return compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id);
}
