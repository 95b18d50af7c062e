import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ClubConfig } from '@core/entities/club-config';
import { CONFIG_API_PATH } from '@core/paths';
import { apiGet } from './api';
import { takeFirstRead } from './first-reads';

export type { ClubConfig };

/** Shown until /api/config answers (and if it never does), so every screen can render at once. */
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

let configRequest: Promise<ClubConfig> | undefined;

/**
 * The club configuration, read once per page load: from the page itself where the server put it
 * there (Home, whose first screen shows it), otherwise asked for; index.html preloads
 * /api/config beside the script, so the answer is usually there before the first render (see main.tsx).
 */
export function loadClubConfig(): Promise<ClubConfig> {
  if (configRequest === undefined) {
    const inPage = takeFirstRead(CONFIG_API_PATH);
    configRequest = (inPage !== undefined ? Promise.resolve(inPage) : apiGet<unknown>(CONFIG_API_PATH)).then(parseClubConfig);
  }
  return configRequest;
}

const ClubConfigContext = createContext<ClubConfig>(FALLBACK_CLUB_CONFIG);

/** `initial`: the configuration when it was already loaded before the first render. */
export function ClubConfigProvider({ initial, children }: { initial?: ClubConfig; children: ReactNode }) {
  const [config, setConfig] = useState<ClubConfig>(initial ?? FALLBACK_CLUB_CONFIG);
  useEffect(() => {
    if (initial) return;
    let active = true;
    loadClubConfig().then(
      (answer) => {
        if (active) setConfig(answer);
      },
      (error: unknown) => {
        if (active) console.error('Could not load the club configuration', error);
      },
    );
    return () => {
      active = false;
    };
  }, [initial]);
  return <ClubConfigContext.Provider value={config}>{children}</ClubConfigContext.Provider>;
}

export function useClubConfig(): ClubConfig {
  return useContext(ClubConfigContext);
}
