// The outbox kinds whose body holds a secret, named here so the Mail screen (list-outbox,
// resend-outbox-message) can withhold them without importing the features that send them.

/** The outbox kind of the sign-in e-mail: its body holds the code, so it is never shown or sent again. */
export const MEMBER_SIGN_IN_MAIL_KIND = 'member-sign-in-code';

/** The outbox kind of the reset e-mail; its body is never shown on the Mail screen (it holds the link). */
export const PASSWORD_RESET_MAIL_KIND = 'admin-password-reset';

/** The outbox kind of the code confirming a member's new e-mail address (core/my-club/email-change-mail.ts): its body holds the code. */
export const MEMBER_EMAIL_CHANGE_CODE_MAIL_KIND = 'member-email-change-code';

/** Outbox kinds whose body holds a secret: listed on the Mail screen, but never shown or sent again. */
export const SECRET_MAIL_KINDS: readonly string[] = [PASSWORD_RESET_MAIL_KIND, MEMBER_SIGN_IN_MAIL_KIND, MEMBER_EMAIL_CHANGE_CODE_MAIL_KIND];
