import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ClubConfig } from '@core/content/club-config';
import { CONFIG_API_PATH } from '@core/shared/paths';
import { readQuery } from './reads';

export type { ClubConfig };

/** Shown until GET /api/config answers (and if it never does), so every screen can render at once. */
export const FALLBACK_CLUB_CONFIG: ClubConfig = {
  clubName: 'Sailing Club',
  publicSiteUrl: '/',
  feedbackEmail: '',
  photosEmail: '',
  waterLevelUrl: '',
  waterSafetyUrl: '',
  searchProvider: '',
  paymentsMode: '',
  maxAttendeesPerBooking: 50,
  passwordReset: false,
  square: null,
};

const TEXT_KEYS = ['clubName', 'publicSiteUrl', 'feedbackEmail', 'photosEmail', 'waterLevelUrl', 'waterSafetyUrl', 'searchProvider', 'paymentsMode'] as const;

/**
 * Checked by hand rather than with zod: the configuration is read on every first page load and
 * keeping zod out of that download saves a fifth of it. Unknown or bad keys keep their fallback.
 */
export function parseClubConfig(value: unknown): ClubConfig {
  const config: ClubConfig = { ...FALLBACK_CLUB_CONFIG };
  if (typeof value !== 'object' || value === null) return config;
  const record = value as Record<string, unknown>;
  for (const key of TEXT_KEYS) {
    if (typeof record[key] === 'string') config[key] = record[key];
  }
  const max = record.maxAttendeesPerBooking;
  if (typeof max === 'number' && Number.isInteger(max) && max > 0) config.maxAttendeesPerBooking = max;
  config.passwordReset = record.passwordReset === true;
  config.square = parseSquareSettings(record.square);
  return config;
}

/** Square's card form settings (ClubConfigSchema's `square`), or null when absent or malformed. */
function parseSquareSettings(value: unknown): ClubConfig['square'] {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Record<string, unknown>;
  const applicationId = s.applicationId === null || typeof s.applicationId === 'string' ? s.applicationId : undefined;
  if (applicationId === undefined || typeof s.locationId !== 'string' || typeof s.scriptUrl !== 'string') return null;
  if (s.environment !== 'sandbox' && s.environment !== 'production') return null;
  return { applicationId, locationId: s.locationId, environment: s.environment, scriptUrl: s.scriptUrl };
}

/** The club's settings (GET /api/config): read by the root route's loader for every page, and kept for the visit. */
export const clubConfigRead = readQuery(['club-config'], CONFIG_API_PATH, parseClubConfig);

const configQuery = () => ({ ...clubConfigRead, staleTime: Infinity });

/** The club's settings, from the data layer where the page's loader put them (asked for when they are not there yet). */
export function loadClubConfig(client: QueryClient): Promise<ClubConfig> {
  return client.fetchQuery(configQuery());
}

/** The club's settings; the fallback until they have come (and if they never do), so every screen can render at once. */
export function useClubConfig(): ClubConfig {
  return useQuery(configQuery()).data ?? FALLBACK_CLUB_CONFIG;
}

/** The club's own settings once GET /api/config has answered; null until then (no fallback). */
export function useLoadedClubConfig(): ClubConfig | null {
  return useQuery(configQuery()).data ?? null;
}
