import { useEffect } from 'react';
import { useClubConfig } from './club-config';

/** Names the browser tab after the screen, so history and screen readers tell pages apart. */
export function usePageTitle(title: string): void {
  const { clubName } = useClubConfig();
  useEffect(() => {
    document.title = `${title} | ${clubName} Members Area`;
  }, [title, clubName]);
}
