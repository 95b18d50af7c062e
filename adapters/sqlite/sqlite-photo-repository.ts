import type { Knex } from 'knex';
import { isWholeOrder } from '../../core/photos/photos';
import { PhotoSchema, type Photo } from '../../core/photos/photo';
import { ConflictError } from '../../core/shared/errors';
import type { PhotoRepository } from '../../core/photos/photo-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { readRow, writeBoolean } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';

function toRow(photo: Photo) {
  return { ...photo, hidden: writeBoolean(photo.hidden), variants: JSON.stringify(photo.variants) };
}

function toPhoto(row: Record<string, unknown>): Photo {
  return readRow(PhotoSchema, row, { booleans: ['hidden'], json: ['variants'] });
}

export class SqlitePhotoRepository implements PhotoRepository {
  constructor(private readonly db: Knex) {}

  async list(): Promise<Photo[]> {
    // ISO instants in one format (toISOString) order as text in time order.
    const rows = await this.db('photos')
      .select('*')
      .orderBy([
        { column: 'position', order: 'asc' },
        { column: 'createdAt', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return rows.map(toPhoto);
  }

  async get(id: string): Promise<Photo | null> {
    const row = await this.db('photos').where({ id }).first();
    return row ? toPhoto(row) : null;
  }

  async create(photo: Photo): Promise<void> {
    try {
      await this.db('photos').insert(toRow(PhotoSchema.parse(photo)));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`A photo with id ${photo.id} exists`);
      throw error;
    }
  }

  async update(photo: Photo): Promise<boolean> {
    const { id, ...rest } = toRow(PhotoSchema.parse(photo));
    return (await this.db('photos').where({ id }).update(rest)) > 0;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db('photos').where({ id }).delete()) > 0;
  }

  async reorder(ids: string[], updatedAt: string): Promise<boolean> {
    // Read and written under the write lock: a photo added meanwhile cannot slip past the check.
    return writeTransaction(this.db, async (trx) => {
      const stored = await trx('photos').select('id', 'position');
      if (!isWholeOrder(stored as { id: string }[], ids)) return false;
      const positions = new Map(stored.map((row) => [row.id as string, Number(row.position)]));
      for (const [position, id] of ids.entries()) {
        if (positions.get(id) !== position) await trx('photos').where({ id }).update({ position, updatedAt });
      }
      return true;
    });
  }
}
