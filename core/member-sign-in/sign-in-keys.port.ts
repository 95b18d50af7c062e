/**
 * The server's keyed hashes for members' code sign-in (docs/member-sign-in.md): what the sign-in
 * limits are counted under instead of an e-mail, and the code a stored seed stands for. Both are
 * HMACs under a server secret, so neither the database alone nor a guess of the e-mail gives them.
 */
export interface SignInKeys {
  /**
   * The e-mail's key: 64 lower-case hex characters, the same for the same e-mail whatever its
   * case or surrounding spaces, different for different e-mails, and not the e-mail's plain
   * SHA-256 (so a list of e-mails, hashed, does not find it).
   */
  emailKey(email: string): string;
  /**
   * The six decimal digits a code's seed stands for: the same for the same seed (so a code can be
   * e-mailed again without storing it), unrelated for different seeds.
   */
  code(seed: string): string;
}
