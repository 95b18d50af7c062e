import { composeMail } from '../mail/compose-mail';
import type { OutgoingMail } from '../mail/mail';
import { PATHS } from '../shared/paths';

/** The outbox kind of the e-mail telling a member they are invited into a household. */
export const HOUSEHOLD_INVITATION_KIND = 'household-invitation';

/** The outbox id of an invitation's e-mail: one per invitation, so writing it again sends nothing twice. */
export function householdInvitationMailId(invitationId: string): string {
  return `household-invitation-${invitationId}`;
}

/**
 * The e-mail to an invited member: who invites them, what a household is, and the link to My club,
 * where they accept or decline once signed in (opening the link alone accepts nothing).
 */
export function householdInvitationMail(
  to: { name: string; email: string },
  invitation: { from: string; clubName: string; publicBaseUrl: string },
): OutgoingMail {
  const url = `${invitation.publicBaseUrl.replace(/\/+$/, '')}${PATHS.myClub}`;
  const mail = composeMail(to.name, [['Invited by', invitation.from]], {
    subject: `${invitation.from} invites you into their household`,
    paragraphs: [
      `${invitation.from} invites you into their household at ${invitation.clubName}. The members of a household see its people and may book for one another.`,
      'Open My club (signing in first if asked) and press Accept or Decline. Nothing changes until you do.',
    ],
    link: { lead: 'Answer the invitation:', text: 'Open My club', url },
    clubName: invitation.clubName,
  });
  return { to: to.email, ...mail, attachments: [] };
}
