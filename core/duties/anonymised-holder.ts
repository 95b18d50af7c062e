const ANONYMISED_HOLDER_PREFIX = 'anonymised-';

/**
 * The member id an anonymised duty assignment holds: made from a pseudonym of the assignment
 * itself (slot and member), so it is unique in its slot but links no two duties to one person.
 */
export function anonymisedHolderId(pseudonym: string): string {
  return `${ANONYMISED_HOLDER_PREFIX}${pseudonym.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}`.slice(0, 64);
}

/** Whether a duty assignment's holder is an anonymised placeholder. */
export function isAnonymisedHolder(memberId: string): boolean {
  return memberId.startsWith(ANONYMISED_HOLDER_PREFIX);
}
