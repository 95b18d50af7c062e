/** The placeholder name of an anonymised person. */
export const ANONYMISED_NAME = 'Anonymised';

/** An anonymised booking's last name: the booking reads "Anonymised person". */
export const ANONYMISED_LAST_NAME = 'person';

/** The domain of the address an erased person's e-mail becomes (an `.invalid` name: no mail is ever delivered there). */
export const ERASED_ADDRESS_DOMAIN = 'erased.invalid';

/** Whether an e-mail address is an erased person's placeholder: nobody is to be written to there. */
export function isErasedAddress(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${ERASED_ADDRESS_DOMAIN}`);
}
