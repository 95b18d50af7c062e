import { z } from 'zod';

/** A club document; its PDF is served by the server at /api/documents/{id}/file. */
export const DocumentSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  category: z.string().min(1),
  fileName: z.string().regex(/^[A-Za-z0-9._-]+\.pdf$/),
  tags: z.array(z.string()),
  /** Where it stands on the documents page: lower first (then by title). */
  position: z.number().int().min(0),
  /**
   * "Keep offline" (docs/offline.md): members' phones keep its PDF after their first online
   * visit, so it opens without signal (the sailing instructions). Left out (a record from before it,
   * a document made in code): not kept.
   */
  keepOffline: z.boolean().optional(),
});
export type ClubDocument = z.infer<typeof DocumentSchema>;

export interface DocumentFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A stored document: its record, and the FileStore key its PDF is under. */
export interface StoredDocument {
  document: ClubDocument;
  fileKey: string;
}
