/**
 * A whole number (0 up to Number.MAX_SAFE_INTEGER) with its thousands grouped as en-GB writes them:
 * "1,250". The same as toLocaleString('en-GB'), without Intl: a browser's first Intl call loads its
 * locale data, which costs a phone more than the rest of the booking page's start-up (ADR 24).
 */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
