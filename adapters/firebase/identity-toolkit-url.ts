/**
 * Where the Identity Toolkit REST API is. Kept apart from the provider so that reading the
 * configuration does not load firebase-admin (seconds of start-up and tens of MB) for servers
 * that never use it.
 */
export const IDENTITY_TOOLKIT_URL = 'https://identitytoolkit.googleapis.com/v1';

/** The Identity Toolkit REST base of an Auth emulator at host:port. */
export function emulatorIdentityToolkitUrl(emulatorHost: string): string {
  return `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;
}
