import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import { DocumentPdfRule } from '../../../shared/api/documents.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { BusinessError } from '../../errors.ts';

/**
 * PDF proofs of address (decision 053). A bank statement arrives as a PDF; we keep the original (the
 * reviewer may open it) but only after PDF.js (Mozilla's parser, the one Firefox shows PDFs with)
 * has read it (its scripting is a viewer's part we never load; version 6 no longer compiles fonts
 * with eval, the path of CVE-2024-4367), and only when it is a plain document: not encrypted, no
 * JavaScript, no attachments, no forms that act, a sane number of pages. Everyone who looks at it in
 * our pages sees a rendering of its first page made here, never the PDF in their browser.
 */

/** PDF.js's Node build; loaded on the first PDF so a server that never sees one never pays for it. */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** The standard 14 fonts PDF.js draws text with when a PDF does not embed its fonts (shipped in the package). */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The bytes of a PDF start with `%PDF-` (a few bytes of junk before it are allowed by readers, not by us). */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * Names that only active or embedded content uses. PDF.js answers for what it understands (document
 * scripts, form actions, attachments) but drops an action it does not run, such as a script on a
 * page's link: the scan below looks for these names in every object, also those packed in compressed
 * object streams, with `#xx` escapes in names undone (`/J#61vaScript`). Long names only: a short one
 * like `/JS` could occur by chance in binary data.
 */
const ACTIVE_NAMES = ['/JavaScript', '/Launch', '/EmbeddedFile', '/RichMedia', '/SubmitForm', '/ImportData', '/GoToE', '/XFA'];
/** Inflated stream bytes looked at, in all: bounds the work a "zip bomb" of a PDF can ask for. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const unescapeNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first active-content name in the file's objects, compressed streams included; undefined when none. */
function findActiveName(bytes: Buffer): string | undefined {
  const texts = [bytes.toString('latin1')];
  let budget = MAX_INFLATED_BYTES;
  const marker = /stream\r?\n/g;
  for (let m = marker.exec(texts[0]!); m && budget > 0; m = marker.exec(texts[0]!)) {
    const start = m.index + m[0].length;
    const end = texts[0]!.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget, finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a trailing EOL */ });
      budget -= inflated.length;
      texts.push(inflated.toString('latin1'));
    } catch {
      // Not a Flate stream (an image, raw text), or over the budget: the raw bytes were looked at.
    }
    marker.lastIndex = end;
  }
  for (const text of texts) {
    const plain = unescapeNames(text);
    const found = ACTIVE_NAMES.find((name) => plain.includes(name));
    if (found) return found;
  }
  return undefined;
}

const unreadable = () => new BusinessError(RetCode.DOCUMENT_IMAGE_UNREADABLE, 'pdf cannot be read');
const encrypted = () => new BusinessError(RetCode.DOCUMENT_PDF_ENCRYPTED, 'pdf is encrypted');
const active = (what: string) => new BusinessError(RetCode.DOCUMENT_PDF_ACTIVE_CONTENT, `pdf carries ${what}`);

export interface CheckedPdf {
  pages: number;
  /** The first page drawn as a PNG, about RENDER_LONG_SIDE pixels on its long side. */
  firstPage: Buffer;
}

/**
 * Reads an untrusted PDF and draws its first page. Throws a BusinessError with the refusal's ret_code:
 * encrypted (34011), active content (34012), too many pages (34013), unreadable (34003).
 */
export async function checkPdf(bytes: Buffer): Promise<CheckedPdf> {
  if (!isPdf(bytes)) throw unreadable();
  const named = findActiveName(bytes);
  if (named) throw active(named);

  const { getDocument, PasswordException } = await loadPdfJs();
  const task = getDocument({
    // A copy: PDF.js transfers (detaches) the buffer it is given.
    data: new Uint8Array(bytes),
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy();
    if (err instanceof PasswordException || (err as Error)?.name === 'PasswordException') throw encrypted();
    throw unreadable();
  }
  try {
    const { info } = (await doc.getMetadata()) as { info: { EncryptFilterName?: string | null; IsXFAPresent?: boolean; IsCollectionPresent?: boolean } };
    // An owner password alone opens without asking, but the file is still encrypted: refused the same.
    if (info.EncryptFilterName) throw encrypted();
    if (info.IsXFAPresent) throw active('an XFA form');
    if (info.IsCollectionPresent) throw active('a portfolio');
    if (await doc.hasJSActions()) throw active('JavaScript');
    if (await doc.getAttachments()) throw active('attachments');
    if (doc.numPages < 1) throw unreadable();
    if (doc.numPages > DocumentPdfRule.MAX_PAGES) throw new BusinessError(RetCode.DOCUMENT_PDF_TOO_MANY_PAGES, 'pdf has too many pages', { maxPages: DocumentPdfRule.MAX_PAGES });
    return { pages: doc.numPages, firstPage: await renderFirstPage(doc) };
  } catch (err) {
    if (err instanceof BusinessError) throw err;
    throw unreadable();
  } finally {
    await task.destroy();
  }
}

type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** Page 1 at a scale that makes its long side RENDER_LONG_SIDE pixels: legible text, bounded memory. */
async function renderFirstPage(doc: PdfDoc): Promise<Buffer> {
  const page = await doc.getPage(1);
  const unit = page.getViewport({ scale: 1 });
  const longSide = Math.max(unit.width, unit.height);
  if (!(longSide > 0)) throw unreadable();
  const viewport = page.getViewport({ scale: DocumentPdfRule.RENDER_LONG_SIDE / longSide });
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  // Paper is white; an unpainted canvas is transparent (and would turn black in a JPEG).
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport, annotationMode: 0 }).promise;
  page.cleanup();
  return canvas.encode('png');
}
