import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/** A plain one-page PDF, as an office program would save it. */
export async function cleanPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Club rules');
  return doc.save();
}

/** PDFs that would act by themselves when opened inline, each as an attacker might write it. */
export async function hostilePdfs(): Promise<Record<string, Uint8Array>> {
  const withCatalog = async (change: (doc: PDFDocument) => void, useObjectStreams = false) => {
    const doc = await PDFDocument.create();
    doc.addPage();
    change(doc);
    return doc.save({ useObjectStreams });
  };
  const openActionScript = (doc: PDFDocument) =>
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.register(doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(document.cookie)') })),
    );
  const text = (body: string) => new TextEncoder().encode(body);
  return {
    'an /OpenAction running JavaScript': await withCatalog(openActionScript),
    'the same inside a compressed object stream': await withCatalog(openActionScript, true),
    'names hidden with #xx escapes': text(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /Open#41ction 3 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n3 0 obj << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    ),
    'a JavaScript name tree': await withCatalog((doc) =>
      doc.catalog.set(
        PDFName.of('Names'),
        doc.context.obj({ JavaScript: doc.context.obj({ Names: [PDFString.of('init'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('1') })] }) }),
      ),
    ),
    'a link launching a program': await withCatalog((doc) => {
      const annotation = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 0, 10, 10],
        A: doc.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }),
      });
      doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annotation)]));
    }),
    'a page action on opening (/AA)': await withCatalog((doc) =>
      doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: doc.context.obj({ S: 'URI', URI: PDFString.of('https://evil.example') }) })),
    ),
    'an attached file': await withCatalog((doc) => {
      void doc.attach(new TextEncoder().encode('MZ...'), 'invoice.exe', { mimeType: 'application/octet-stream' });
    }),
  };
}
