import type { PDFDocument, PDFObject } from 'pdf-lib';
import type { PdfActiveContent, PdfInspector } from '../../core/documents/pdf-inspector.port';

/** Dictionary keys (decoded names) and what holding one means. */
const ACTIVE_KEYS: Record<string, PdfActiveContent> = {
  JavaScript: 'javascript',
  JS: 'javascript',
  OpenAction: 'open-action',
  AA: 'open-action',
  EmbeddedFiles: 'embedded-file',
  EmbeddedFile: 'embedded-file',
};

/** Values of /S (an action's type) or /Subtype (an annotation's) and what they mean. */
const ACTIVE_TYPES: Record<string, PdfActiveContent> = { JavaScript: 'javascript', Launch: 'launch', FileAttachment: 'embedded-file' };

/**
 * pdf-lib parses the whole file, object streams included, so a dictionary compressed inside an
 * object stream is seen as any other; every indirect object is walked, whatever refers to it.
 */
export class PdfLibPdfInspector implements PdfInspector {
  async activeContent(bytes: Uint8Array): Promise<PdfActiveContent[] | null> {
    // Loaded on the first upload, not at start: most servers never see one.
    const { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } = await import('pdf-lib');
    let pdf: PDFDocument;
    try {
      pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    } catch {
      return null;
    }
    const found = new Set<PdfActiveContent>();
    const seen = new Set<PDFObject>();
    const walk = (object: PDFObject | undefined): void => {
      if (object === undefined || object instanceof PDFRef || seen.has(object)) return;
      seen.add(object);
      if (object instanceof PDFRawStream) walk(object.dict);
      else if (object instanceof PDFArray) for (const item of object.asArray()) walk(item);
      else if (object instanceof PDFDict) {
        for (const [key, value] of object.entries()) {
          const name = key.decodeText();
          if (ACTIVE_KEYS[name]) found.add(ACTIVE_KEYS[name]);
          if ((name === 'S' || name === 'Subtype') && value instanceof PDFName && ACTIVE_TYPES[value.decodeText()]) found.add(ACTIVE_TYPES[value.decodeText()]);
          walk(value);
        }
      }
    };
    for (const [, object] of pdf.context.enumerateIndirectObjects()) walk(object);
    walk(pdf.context.trailerInfo.Root ? pdf.catalog : undefined);
    return [...found];
  }
}
