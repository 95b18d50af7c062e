import { SessionAdminSchema, type SessionAdmin } from '@core/admins/admin';

/**
 * The admin last signed in on this device, for a start with no signal (docs/offline.md):
 * the officer of the day opens the panel at the lake, the server cannot be asked who is signed in,
 * and the pages kept on the device (Today) open for the admin who kept them. Kept only while the
 * server says they are signed in: forgotten on Sign Out and on any 401. Nothing is allowed by it:
 * the server checks the session and the permission of every request when it is reached again.
 */
const KEY = 'kyc-admin-last-signed-in';

export function rememberAdmin(admin: SessionAdmin): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(admin));
  } catch {
    // Storage refused (private mode, full): the panel then needs a signal to start, as before.
  }
}

export function forgetAdmin(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The remembered admin, or null (none, or a stored value that is not one). */
export function rememberedAdmin(): SessionAdmin | null {
  try {
    const parsed = SessionAdminSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
