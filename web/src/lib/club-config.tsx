import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { apiGet } from './api';

export interface ClubConfig {
  clubName: string;
  publicSiteUrl: string;
  feedbackEmail: string;
  photosEmail: string;
  waterLevelUrl: string;
  waterSafetyUrl: string;
  searchProvider: string;
  paymentsMode: string;
  maxAttendeesPerBooking: number;
}

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
  return config;
}

const ClubConfigContext = createContext<ClubConfig>(FALLBACK_CLUB_CONFIG);

export function ClubConfigProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<ClubConfig>(FALLBACK_CLUB_CONFIG);
  useEffect(() => {
    const controller = new AbortController();
    apiGet<unknown>('/api/config', undefined, { signal: controller.signal }).then((answer) => setConfig(parseClubConfig(answer)), (error: unknown) => {
      if (!controller.signal.aborted) console.error('Could not load the club configuration', error);
    });
    return () => controller.abort();
  }, []);
  return <ClubConfigContext.Provider value={config}>{children}</ClubConfigContext.Provider>;
}

export function useClubConfig(): ClubConfig {
  return useContext(ClubConfigContext);
}
