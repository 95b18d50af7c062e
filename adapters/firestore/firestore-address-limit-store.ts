import { createHash } from 'node:crypto';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { addressLimitKeyParts, type AddressLimitStore, type HoldPlacesResult, type PlaceHold } from '../../core/shared/address-limit-store.port';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { FirestoreDocumentBatch } from './firestore-document-batch';

type Window = { hits: number; resetAtMs: number };
type Holds = Record<string, { places: number; untilMs: number }>;

interface SubjectData {
  windows: Record<string, Window>;
  holds: Record<string, Holds>;
}

/**
 * The subject's document as stored, with the windows and holds that have ended dropped: an
 * ended window counts as none (the next hit starts a new one), an ended hold holds nothing.
 */
function liveData(data: DocumentData | undefined, nowMs: number): SubjectData {
  const windows: Record<string, Window> = {};
  for (const [name, window] of Object.entries((data?.windows as Record<string, Window> | undefined) ?? {})) {
    if (Number(window.resetAtMs) > nowMs) windows[name] = { hits: Number(window.hits), resetAtMs: Number(window.resetAtMs) };
  }
  const holds: Record<string, Holds> = {};
  for (const [name, held] of Object.entries((data?.holds as Record<string, Holds> | undefined) ?? {})) {
    const running = Object.fromEntries(Object.entries(held).filter(([, hold]) => hold.untilMs > nowMs));
    if (Object.keys(running).length > 0) holds[name] = running;
  }
  return { windows, holds };
}

/** The document to write: none when nothing is left in it. */
function written(data: SubjectData): DocumentData | null {
  return Object.keys(data.windows).length === 0 && Object.keys(data.holds).length === 0 ? null : data;
}

/**
 * In the `addressLimits` collection, one document per subject (`s-<hash>`: the client address,
 * or the member, after the key's first colon), holding every window and hold of its keys: a map
 * of window name to hits and end, and of hold name to a map of hold id to places and end. A
 * booking's minute and day counts and its places held are one document, read once and written
 * once in each group commit (ADR 63) rather than three. Each change reads and writes its one
 * document in a transaction, so concurrent instances never lose a count; the changes asked for
 * at the same time in one process share one transaction (a group commit, ADR 63). Ended windows
 * and holds are dropped whenever their document is written.
 */
export class FirestoreAddressLimitStore implements AddressLimitStore {
  private readonly batch: FirestoreDocumentBatch;

  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {
    this.batch = new FirestoreDocumentBatch(db);
  }

  private doc(subject: string) {
    return collectionOf(this.db, 'addressLimits', this.options).doc(`s-${createHash('sha256').update(subject).digest('hex')}`);
  }

  hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const { name, subject } = addressLimitKeyParts(key);
    const nowMs = now.getTime();
    return this.batch.change(this.doc(subject), (current) => {
      const data = liveData(current, nowMs);
      const window = data.windows[name] ?? { hits: 0, resetAtMs: nowMs + windowMs };
      const next = { hits: window.hits + 1, resetAtMs: window.resetAtMs };
      return { write: written({ ...data, windows: { ...data.windows, [name]: next } }), result: { hits: next.hits, resetAt: new Date(next.resetAtMs) } };
    });
  }

  unhit(key: string): Promise<void> {
    const { name, subject } = addressLimitKeyParts(key);
    return this.batch.change(this.doc(subject), (current) => {
      const window = (current?.windows as Record<string, Window> | undefined)?.[name];
      if (!current || !window || Number(window.hits) <= 0) return { result: undefined };
      const windows = { ...(current.windows as Record<string, Window>), [name]: { ...window, hits: Number(window.hits) - 1 } };
      return { write: { ...current, windows }, result: undefined };
    });
  }

  reset(key: string): Promise<void> {
    const { name, subject } = addressLimitKeyParts(key);
    return this.batch.change(this.doc(subject), (current) => {
      const windows = (current?.windows as Record<string, Window> | undefined) ?? {};
      if (!current || !(name in windows)) return { result: undefined };
      const { [name]: _forgotten, ...rest } = windows;
      return { write: { ...current, windows: rest }, result: undefined };
    });
  }

  holdPlaces(key: string, hold: PlaceHold, limit: { max: number; now: Date }): Promise<HoldPlacesResult> {
    const { name, subject } = addressLimitKeyParts(key);
    return this.batch.change<HoldPlacesResult>(this.doc(subject), (current) => {
      const data = liveData(current, limit.now.getTime());
      const holds = data.holds[name] ?? {};
      const placesHeld = Object.values(holds).reduce((sum, held) => sum + held.places, 0);
      if (placesHeld + hold.places > limit.max) return { result: { held: false, placesHeld } };
      const next = { ...holds, [hold.id]: { places: hold.places, untilMs: hold.until.getTime() } };
      // The whole document is written back, which also drops the windows and holds that have ended.
      return { write: written({ ...data, holds: { ...data.holds, [name]: next } }), result: { held: true } };
    });
  }

  releasePlaces(key: string, holdId: string): Promise<void> {
    const { name, subject } = addressLimitKeyParts(key);
    return this.batch.change(this.doc(subject), (current) => {
      const allHolds = (current?.holds as Record<string, Holds> | undefined) ?? {};
      const holds = allHolds[name];
      if (!current || !holds || !(holdId in holds)) return { result: undefined };
      const { [holdId]: _released, ...rest } = holds;
      return { write: { ...current, holds: { ...allHolds, [name]: rest } }, result: undefined };
    });
  }
}
