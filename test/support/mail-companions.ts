import type { MailCompanions } from '../../core/mail/mail-companions.port';

/** For a sender test about e-mail alone: its messages carry nothing else, and nothing is queued. */
export const NO_COMPANIONS: MailCompanions = { queueFor: async () => undefined };
