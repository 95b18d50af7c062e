import { describe, expect, it } from 'vitest';
import { PdfLibPdfInspector } from '../../../../adapters/pdf-lib/pdf-lib-pdf-inspector';
import { cleanPdf, hostilePdfs } from '../../../support/hostile-pdfs';

const inspector = new PdfLibPdfInspector();

describe('PdfLibPdfInspector', () => {
  it('finds nothing active in a plain PDF', async () => {
    expect(await inspector.activeContent(await cleanPdf())).toEqual([]);
  });

  it('finds JavaScript, launch and opening actions and attached files, however they are written', async () => {
    const found = Object.fromEntries(
      await Promise.all(Object.entries(await hostilePdfs()).map(async ([what, bytes]) => [what, (await inspector.activeContent(bytes))?.sort()] as const)),
    );
    expect(found).toEqual({
      'an /OpenAction running JavaScript': ['javascript', 'open-action'],
      'the same inside a compressed object stream': ['javascript', 'open-action'],
      'names hidden with #xx escapes': ['javascript', 'open-action'],
      'a JavaScript name tree': ['javascript'],
      'a link launching a program': ['launch'],
      'a page action on opening (/AA)': ['open-action'],
      'an attached file': ['embedded-file'],
    });
  });
});
