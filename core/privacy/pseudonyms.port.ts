/**
 * Stable pseudonyms for people whose personal data the club has erased or anonymised (docs/privacy-requests.md).
 *
 * The audit log keeps what happened to an anonymised person under a pseudonym such as
 * "Person 3f9a2c1b7d04": the same for the same e-mail every time (so an admin can still follow one
 * person's history), and no way back to the e-mail without the server's secret. Every pseudonym
 * has that shape ("Person " and twelve hex digits): the run knows an entry it already rewrote.
 */
export interface Pseudonyms {
  /** The pseudonym of the person with this e-mail (compared without case or surrounding spaces). */
  of(email: string): string;
}
