import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import type { DocumentFile } from '../../core/documents/document';
import { DEMO_CLUB_NAME, type DemoDocument } from './demo-data';

const A4: [number, number] = [595.28, 841.89];
const NAVY = rgb(0.06, 0.18, 0.36);
const GREY = rgb(0.35, 0.35, 0.4);
const WATER = rgb(0.8, 0.9, 0.97);
/** Fixed so that the same document always renders to the same bytes. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

function drawMap(page: PDFPage, font: PDFFont, bold: PDFFont): void {
  page.drawText('Kestrel Reservoir: overnight moorings', { x: 60, y: 770, size: 18, font: bold, color: NAVY });
  page.drawEllipse({ x: 297, y: 450, xScale: 230, yScale: 260, color: WATER, borderColor: NAVY, borderWidth: 1.5 });
  page.drawRectangle({ x: 120, y: 170, width: 355, height: 14, color: GREY });
  page.drawText('Dam wall', { x: 270, y: 150, size: 10, font });
  page.drawRectangle({ x: 420, y: 600, width: 70, height: 40, color: rgb(1, 1, 1), borderColor: NAVY, borderWidth: 1 });
  page.drawText('Clubhouse', { x: 428, y: 616, size: 10, font });
  page.drawText('South hard', { x: 95, y: 260, size: 10, font });
  page.drawEllipse({ x: 250, y: 520, xScale: 40, yScale: 25, color: rgb(0.75, 0.87, 0.7) });
  page.drawText('Islands: no landing', { x: 205, y: 485, size: 9, font });
  page.drawCircle({ x: 360, y: 210, size: 10, borderColor: rgb(0.7, 0.1, 0.1), borderWidth: 1.5 });
  page.drawText('Draw-off tower: keep 50 m clear', { x: 376, y: 206, size: 9, font });
  for (let i = 0; i < 4; i++) {
    const x = 150 + i * 28;
    page.drawCircle({ x, y: 300, size: 6, color: rgb(0.95, 0.55, 0.1) });
    page.drawText(`V${i + 1}`, { x: x - 6, y: 285, size: 8, font });
  }
  for (let i = 0; i < 12; i++) {
    const x = 330 + (i % 6) * 24;
    const y = 560 - Math.floor(i / 6) * 26;
    page.drawCircle({ x, y, size: 5, color: rgb(0.9, 0.8, 0.1) });
    page.drawText(`M${i + 1}`, { x: x - 7, y: y - 14, size: 7, font });
  }
  page.drawText('Orange: visitors’ buoys V1-V4     Yellow: members’ buoys M1-M12', { x: 60, y: 100, size: 10, font });
}

/** A small PDF for a demo document: a title page and a page of its sections (or a sketch map). */
export async function renderDocumentPdf(demo: DemoDocument): Promise<DocumentFile> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(demo.document.title);
  pdf.setAuthor(DEMO_CLUB_NAME);
  pdf.setCreator('Kestrel Yacht Club members area (demo data)');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  const cover = pdf.addPage(A4);
  cover.drawText(DEMO_CLUB_NAME.toUpperCase(), { x: 60, y: 700, size: 14, font: bold, color: GREY });
  cover.drawText(demo.document.title, { x: 60, y: 640, size: 30, font: bold, color: NAVY });
  cover.drawText(demo.document.category, { x: 60, y: 605, size: 14, font, color: GREY });
  cover.drawText(demo.document.description, { x: 60, y: 560, size: 11, font, maxWidth: 470, lineHeight: 15 });
  cover.drawText('Demonstration document generated for the members area.', { x: 60, y: 80, size: 9, font, color: GREY });

  const body = pdf.addPage(A4);
  let y = 770;
  for (const section of demo.sections) {
    body.drawText(section.heading, { x: 60, y, size: 14, font: bold, color: NAVY });
    y -= 22;
    for (const line of section.lines) {
      body.drawText(line, { x: 60, y, size: 11, font });
      y -= 16;
    }
    y -= 14;
  }
  if (demo.drawMap) drawMap(pdf.addPage(A4), font, bold);

  const bytes = await pdf.save();
  return { fileName: demo.document.fileName, contentType: 'application/pdf', bytes };
}
