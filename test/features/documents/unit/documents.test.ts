import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MESSAGES,
  documentFileKey,
  documentFileName,
  documentFileProblem,
  documentFileProblemOf,
  DocumentFormSchema,
  isPdf,
  legacyDocumentFileKey,
  MAX_DOCUMENT_BYTES,
  nextDocumentPosition,
  orderIsComplete,
} from '../../../../core/documents/documents';
import { isFileKey } from '../../../../core/shared/file-store.port';

const PDF_START = [...'%PDF-'].map((c) => c.charCodeAt(0));

describe('isPdf and the file rule', () => {
  it('a file is a PDF exactly when its bytes start with %PDF-, whatever follows', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }), (prefix, rest) => {
        const bytes = Uint8Array.from([...prefix, ...rest]);
        const starts = bytes.length >= 5 && PDF_START.every((b, i) => bytes[i] === b);
        expect(isPdf(bytes)).toBe(starts);
        expect(isPdf(Uint8Array.from([...PDF_START, ...rest]))).toBe(true);
      }),
    );
  });

  it('refuses an empty file, one over 20 MB and one that is not a PDF, each with its message; the browser’s check from size and first bytes agrees', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.integer({ min: 0, max: MAX_DOCUMENT_BYTES * 2 }), (head, size) => {
        const problem = documentFileProblemOf(size, head);
        if (size === 0) expect(problem).toBe(DOCUMENT_MESSAGES.empty);
        else if (size > MAX_DOCUMENT_BYTES) expect(problem).toBe(DOCUMENT_MESSAGES.tooLarge);
        else expect(problem).toBe(isPdf(head) ? null : DOCUMENT_MESSAGES.notPdf);
        if (head.length > 0) expect(documentFileProblem(head)).toBe(documentFileProblemOf(head.length, head.subarray(0, 5)));
      }),
    );
    expect(documentFileProblem(new Uint8Array())).toBe(DOCUMENT_MESSAGES.empty);
    expect(documentFileProblemOf(MAX_DOCUMENT_BYTES, Uint8Array.from(PDF_START))).toBeNull();
    expect(documentFileProblemOf(MAX_DOCUMENT_BYTES + 1, Uint8Array.from(PDF_START))).toBe(DOCUMENT_MESSAGES.tooLarge);
  });
});

describe('the document form', () => {
  it('needs a title and a category, trims them, and keeps the spec’s messages', () => {
    expect(DocumentFormSchema.parse({ title: '  Fees  ', description: ' x ', category: ' Club ' })).toEqual({
      title: 'Fees',
      description: 'x',
      category: 'Club',
    });
    const refused = DocumentFormSchema.safeParse({ title: '   ', description: '', category: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message).sort()).toEqual([DOCUMENT_MESSAGES.category, DOCUMENT_MESSAGES.title].sort());
  });
});

describe('documentFileName', () => {
  it('always gives a name the download header can carry, ending in .pdf', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 300 }), { nil: undefined }), fc.string({ maxLength: 300 }), (uploaded, title) => {
        const name = documentFileName(uploaded, title);
        expect(name).toMatch(/^[A-Za-z0-9._-]+\.pdf$/);
        expect(name.length).toBeLessThanOrEqual(104);
      }),
    );
    expect(documentFileName('Fees 2027 (final).PDF', 'Fees')).toBe('Fees-2027-final.pdf');
    expect(documentFileName('', 'Club Rules')).toBe('Club-Rules.pdf');
    expect(documentFileName('%%%.pdf', '!!!')).toBe('document.pdf');
  });
});

describe('file keys', () => {
  it('every generated id and every document id gives a valid key, different ids different keys', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ABCabc019-_'), minLength: 8, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 300 }),
        (id, documentId) => {
          expect(isFileKey(documentFileKey(id))).toBe(true);
          expect(documentFileKey(id)).not.toBe(documentFileKey(`${id}x`));
          expect(isFileKey(legacyDocumentFileKey(documentId))).toBe(true);
          expect(legacyDocumentFileKey(documentId)).toBe(legacyDocumentFileKey(documentId));
        },
      ),
    );
    expect(documentFileKey('Ab')).not.toBe(documentFileKey('ab'));
  });
});

describe('order', () => {
  it('a new document goes after every other; an order must name each document once', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 20 }), (positions) => {
        const next = nextDocumentPosition(positions.map((position) => ({ position })));
        expect(positions.every((p) => p < next)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }), (ids) => {
        const documents = ids.map((id) => ({ id }));
        expect(orderIsComplete([...ids].reverse(), documents)).toBe(true);
        expect(orderIsComplete(ids.slice(1), documents)).toBe(false);
        expect(orderIsComplete([...ids, ids[0]], documents)).toBe(false);
        if (!ids.includes(`${ids[0]}!`)) expect(orderIsComplete([...ids.slice(1), `${ids[0]}!`], documents)).toBe(false);
      }),
    );
  });
});
