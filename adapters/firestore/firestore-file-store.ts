import { randomBytes } from 'node:crypto';
import type { DocumentReference } from 'firebase-admin/firestore';
import { z } from 'zod';
import { UnavailableError, ValidationError } from '../../core/shared/errors';
import { isFileKey, MAX_STORED_FILE_BYTES, type FileStore } from '../../core/shared/file-store.port';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { runTransactionTried } from './firestore-turns';

/**
 * Bytes per chunk document. A Firestore document holds at most 1 MiB (1,048,576 bytes) with its
 * name and field names; 900,000 bytes of data leaves ample room for those.
 */
export const CHUNK_BYTES = 900_000;
/** Chunks per write batch: 4 × 900 kB stays well under a commit's 10 MiB (and gRPC's message limits). */
const CHUNKS_PER_BATCH = 4;
/** Deletes per sweep transaction (Firestore allows 500 writes in one). */
const DELETES_PER_SWEEP = 400;
/** How often a put starts again when a concurrent sweep removed its chunks before it committed. */
const PUT_ATTEMPTS = 5;
/** How often a reader reads the record again when the generation it read was replaced meanwhile. */
const READ_ATTEMPTS = 3;

const RecordSchema = z.object({
  key: z.string(),
  generation: z.string().regex(/^[0-9a-f]{24}$/),
  size: z.number().int().min(0).max(MAX_STORED_FILE_BYTES),
  chunks: z.number().int().min(0),
});
type FileRecord = z.infer<typeof RecordSchema>;

/**
 * Files on Firestore (STORAGE=firestore), up to MAX_STORED_FILE_BYTES, although one document holds
 * at most 1 MiB and one commit at most 10 MiB (ADR 0020):
 *
 * - `files/{key with '/' as '%2F'}` is the file's record: its key, size, chunk count and the
 *   generation that holds its bytes.
 * - `files/{…}/chunks/{generation}-{index}` hold the bytes, CHUNK_BYTES each.
 *
 * A put writes a new generation's chunks first (in batches), then flips the record to it in one
 * small transaction that also checks every chunk is there; only then are other generations'
 * chunks deleted. A put that fails or is cut off before the flip leaves the old record, and so
 * the old file, untouched; its chunks are orphans that the next put or delete of the key sweeps.
 * A reader reads the record, then that generation's chunks by id; should a newer put have
 * swept them meanwhile, it reads the record again.
 */
export class FirestoreFileStore extends FirestoreCollectionAdapter implements FileStore {
  protected readonly collectionName = 'files';

  private recordOf(key: string): DocumentReference {
    return this.collection.doc(encodeURIComponent(key));
  }

  private chunkOf(key: string, generation: string, index: number): DocumentReference {
    return this.recordOf(key)
      .collection('chunks')
      .doc(`${generation}-${String(index).padStart(5, '0')}`);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!isFileKey(key)) throw new ValidationError(`Not a file key: ${JSON.stringify(key.slice(0, 100))}`);
    if (bytes.byteLength > MAX_STORED_FILE_BYTES) throw new ValidationError(`A stored file may be at most ${MAX_STORED_FILE_BYTES} bytes`);
    // A copy: the caller may change its bytes while the batches are under way.
    const data = Buffer.from(bytes);
    const chunks = Math.ceil(data.byteLength / CHUNK_BYTES);
    // Puts of one key take effect in the order they started: the generation begins with this put's
    // start, kept when it starts again, and a flip never replaces a generation that started later.
    const started = nextStart();
    for (let attempt = 1; ; attempt += 1) {
      const generation = `${started}${randomBytes(5).toString('hex')}`;
      const refs = Array.from({ length: chunks }, (_, index) => this.chunkOf(key, generation, index));
      for (let first = 0; first < chunks; first += CHUNKS_PER_BATCH) {
        await withCoreErrors(() => {
          const batch = this.db.batch();
          for (let index = first; index < Math.min(chunks, first + CHUNKS_PER_BATCH); index += 1) {
            batch.set(refs[index], { index, bytes: data.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES) });
          }
          return batch.commit();
        });
      }
      const flipped = await withCoreErrors(() =>
        runTransactionTried(this.db, async (transaction) => {
          // Every chunk is read (its index only) so that a sweep deleting them cannot commit
          // between this check and the flip.
          const written = refs.length > 0 ? await transaction.getAll(...refs, { fieldMask: ['index'] }) : [];
          if (written.some((chunk) => !chunk.exists)) return false;
          const current = await transaction.get(this.recordOf(key));
          // A put that started later has already flipped: this one is overwritten, as if at once.
          if (current.exists && readRecord(key, current.data()).generation > generation) return true;
          transaction.set(this.recordOf(key), { key, generation, size: data.byteLength, chunks } satisfies FileRecord);
          return true;
        }),
      );
      if (flipped) break;
      if (attempt >= PUT_ATTEMPTS) throw new UnavailableError('The file is being replaced by someone else. Please try again.');
    }
    await this.sweep(key);
  }

  async get(key: string): Promise<Uint8Array | null> {
    if (!isFileKey(key)) return null;
    for (let attempt = 1; ; attempt += 1) {
      const snapshot = await withCoreErrors(() => this.recordOf(key).get());
      if (!snapshot.exists) return null;
      const record = readRecord(key, snapshot.data());
      const refs = Array.from({ length: record.chunks }, (_, index) => this.chunkOf(key, record.generation, index));
      const chunks = refs.length > 0 ? await withCoreErrors(() => this.db.getAll(...refs)) : [];
      if (chunks.every((chunk) => chunk.exists)) {
        const parts = chunks.map((chunk, index) => {
          const part = chunk.get('bytes') as unknown;
          if (!(part instanceof Uint8Array) || chunk.get('index') !== index) throw new TypeError(`Stored file ${key} is damaged (chunk ${index})`);
          return part;
        });
        const whole = Buffer.concat(parts);
        if (whole.byteLength !== record.size) throw new TypeError(`Stored file ${key} is damaged (${whole.byteLength} bytes, not ${record.size})`);
        return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
      }
      // A newer put flipped the record and swept this generation between the two reads.
      if (attempt >= READ_ATTEMPTS) throw new UnavailableError('The file is being replaced. Please try again.');
    }
  }

  async delete(key: string): Promise<void> {
    if (!isFileKey(key)) return;
    await withCoreErrors(() => this.recordOf(key).delete());
    await this.sweep(key);
  }

  async list(prefix = ''): Promise<string[]> {
    let query = this.collection.orderBy('key', 'asc');
    // '\uffff' sorts after every character a key may hold.
    if (prefix !== '') query = query.where('key', '>=', prefix).where('key', '<', `${prefix}\uffff`);
    const snapshot = await withCoreErrors(() => query.select('key').get());
    return snapshot.docs.map((doc) => doc.get('key') as unknown).filter((key): key is string => typeof key === 'string' && isFileKey(key));
  }

  /**
   * Deletes every chunk of the key that is not of its record's generation (all of them when it has
   * no record): the replaced file's, and orphans of puts that never flipped. Each transaction reads
   * the record, so it never deletes the chunks of a generation flipped meanwhile; a put still
   * writing loses its chunks and notices at its flip, where it starts again.
   */
  private async sweep(key: string): Promise<void> {
    for (;;) {
      const chunkRefs = await withCoreErrors(() => this.recordOf(key).collection('chunks').listDocuments());
      const deleted = await withCoreErrors(() =>
        runTransactionTried(this.db, async (transaction) => {
          const snapshot = await transaction.get(this.recordOf(key));
          const current = snapshot.exists ? readRecord(key, snapshot.data()).generation : null;
          const stale = chunkRefs.filter((ref) => current === null || !ref.id.startsWith(`${current}-`)).slice(0, DELETES_PER_SWEEP);
          for (const ref of stale) transaction.delete(ref);
          return stale.length;
        }),
      );
      if (deleted < DELETES_PER_SWEEP) return;
    }
  }
}

let lastStart = 0;

/** 14 hex digits that grow with every call in this process and with the clock across processes. */
function nextStart(): string {
  lastStart = Math.max(lastStart + 1, Date.now() * 1000);
  return lastStart.toString(16).padStart(14, '0');
}

function readRecord(key: string, data: unknown): FileRecord {
  const parsed = RecordSchema.safeParse(data);
  if (!parsed.success || parsed.data.key !== key) throw new TypeError(`Stored record of file ${key} is damaged`);
  return parsed.data;
}
