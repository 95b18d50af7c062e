/** The placeholder name of an anonymised person. */
export const ANONYMISED_NAME = 'Anonymised';

/** An anonymised booking's last name: the booking reads "Anonymised person". */
export const ANONYMISED_LAST_NAME = 'person';
