/**
 * Small PDFs written by hand for the tests (decision 053): a statement-like page of text, and the
 * shapes the server must refuse. Each is a well-formed file with a correct cross-reference table.
 */
export interface TestPdfOptions {
  pages?: number;
  /** A document-level JavaScript action run on open. */
  openActionScript?: boolean;
  /** A JavaScript action hidden in a page annotation, written with an escaped name (`/J#61vaScript`). */
  annotationScript?: boolean;
  /** An /Encrypt dictionary in the trailer (a password the test never knows). */
  encrypted?: boolean;
}

export function testPdf({ pages = 1, openActionScript = false, annotationScript = false, encrypted = false }: TestPdfOptions = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i * 2);
  add(`<< /Type /Catalog /Pages 2 0 R${openActionScript ? ' /OpenAction 4 0 R' : ''} >>`); // 1
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`); // 2
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'); // 3
  add(openActionScript ? '<< /S /JavaScript /JS (app.alert\\(1\\)) >>' : '<< >>'); // 4
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 18 Tf 60 760 Td (Bank statement, page ${i + 1}) Tj 0 -30 Td (Jane Doe, 12 Main Street, Springfield) Tj ET 0 0 0 RG 4 w 40 40 515 762 re S`;
    const annots = annotationScript && i === 0 ? ' /Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /J#61vaScript /JS (app.alert\\(2\\)) >> >>]' : '';
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R${annots} >>`);
    add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  }
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const encrypt = encrypted ? ` /Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> >> /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]` : '';
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
