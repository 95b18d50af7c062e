import type { AddressLimitStore, HoldPlacesResult, PlaceHold } from '../../core/shared/address-limit-store.port';

export class MemoryAddressLimitStore implements AddressLimitStore {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();
  private readonly holds = new Map<string, Map<string, { places: number; until: number }>>();

  // Each method reads and writes without an await in between: one step, whoever else calls.
  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const current = this.windows.get(key);
    const window = current && current.resetAt > now.getTime() ? current : { hits: 0, resetAt: now.getTime() + windowMs };
    window.hits += 1;
    this.windows.set(key, window);
    return { hits: window.hits, resetAt: new Date(window.resetAt) };
  }

  async unhit(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window) window.hits = Math.max(0, window.hits - 1);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async holdPlaces(key: string, hold: PlaceHold, limit: { max: number; now: Date }): Promise<HoldPlacesResult> {
    const holds = this.holds.get(key) ?? new Map<string, { places: number; until: number }>();
    for (const [id, held] of holds) if (held.until <= limit.now.getTime()) holds.delete(id);
    let placesHeld = 0;
    for (const held of holds.values()) placesHeld += held.places;
    if (placesHeld + hold.places > limit.max) return { held: false, placesHeld };
    holds.set(hold.id, { places: hold.places, until: hold.until.getTime() });
    this.holds.set(key, holds);
    return { held: true };
  }

  async releasePlaces(key: string, holdId: string): Promise<void> {
    this.holds.get(key)?.delete(holdId);
  }
}
