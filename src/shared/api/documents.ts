import { z } from '../zod.ts';
import { DocumentKind, KycLevel, type VerifiableLevel } from '../kyc.ts';
import { ValidationMessage } from '../validation.ts';
import { documentQuality } from './capture.ts';

/**
 * Identity documents uploaded for the in-house provider (issue 4). The server keeps each upload as a
 * re-encoded JPEG, encrypted at rest; it is served only to its owner and to reviewers.
 */

/** The multipart field that carries the image (exactly one file per upload). */
export const DOCUMENT_FILE_FIELD = 'file';

/** What every stored document is, whatever was uploaded: uploads are re-encoded to JPEG. */
export const DOCUMENT_MIME = 'image/jpeg';

/** Image rules the server enforces; the upload screen shows the same numbers. */
export const DocumentImageRule = {
  /** Shortest side, in pixels, below which a photo of a document is not legible. */
  MIN_SHORT_SIDE: 300,
  /** Longest side of the stored image; larger photos are scaled down. */
  MAX_LONG_SIDE: 2500,
  /** Decoded size limit (decompression bombs): about a 50-megapixel photo. */
  MAX_INPUT_PIXELS: 50_000_000,
  /** Formats accepted, detected from the file's bytes (never its name or declared type). */
  ACCEPTED_MIME: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/**
 * PDF rules (decision 053): only a proof of address may be a PDF (bank statements arrive so); the
 * server keeps the original and shows everyone a rendering of its first page.
 */
export const DocumentPdfRule = {
  MIME: 'application/pdf',
  /** The kinds a PDF is accepted for. */
  KINDS: [DocumentKind.PROOF_OF_ADDRESS] as readonly DocumentKind[],
  /** A statement or bill has a few pages; anything longer is not one. */
  MAX_PAGES: 20,
  /** Long side, in pixels, of the first page's rendering (legible small print, bounded memory). */
  RENDER_LONG_SIDE: 1600,
} as const;

/** Missing fields read "required"; present but wrong ones get the given key. */
const requiredOr = (key: ValidationMessage) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === '' ? ValidationMessage.REQUIRED : key);

const kindField = z.enum(Object.values(DocumentKind) as [DocumentKind, ...DocumentKind[]], { error: requiredOr(ValidationMessage.TYPE) });

/** Levels 1 and 2 only; multipart and query values arrive as text. */
const levelField = z
  .enum([String(KycLevel.LEVEL_1), String(KycLevel.LEVEL_2)], { error: requiredOr(ValidationMessage.RANGE) })
  .transform((v) => Number(v) as VerifiableLevel);

/**
 * POST upload-document (multipart/form-data): the text fields `kind` and `level`, plus one file in the
 * field `file`. The file itself is checked by the server (size while streaming, type from its bytes).
 */
export const uploadDocumentFields = z
  .object({ kind: kindField, level: levelField, warnings: z.string().max(200).optional() })
  .refine((v) => DOCUMENT_KINDS_BY_LEVEL[v.level].includes(v.kind), { path: ['kind'], error: ValidationMessage.TYPE });

/** What each level's in-house flow photographs (decision 005): identity at level 1, address at level 2. */
export const DOCUMENT_KINDS_BY_LEVEL: Record<VerifiableLevel, readonly DocumentKind[]> = {
  [KycLevel.LEVEL_1]: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE],
  [KycLevel.LEVEL_2]: [DocumentKind.PROOF_OF_ADDRESS],
};
export type UploadDocumentFields = z.input<typeof uploadDocumentFields>;

/** GET document-drafts?level=1: the caller's uploads not yet attached to an application. */
export const documentDraftsQuery = z.object({ level: levelField });
export type DocumentDraftsQuery = z.input<typeof documentDraftsQuery>;

/** Document ids are UUIDs; anything else cannot name a document. */
export const documentIdField = z.uuid({ error: ValidationMessage.TYPE });

/** POST delete-document: removes one of the caller's unattached drafts. */
export const deleteDocumentRequest = z.object({ id: documentIdField });
export type DeleteDocumentRequest = z.input<typeof deleteDocumentRequest>;

/** Path parameter of the read routes (owner and console). */
export const documentIdParams = z.object({ id: documentIdField });

/** The console's read: the picture to look at, or with `original=1` the file as sent (a PDF, decision 053). */
export const consoleDocumentQuery = z.object({ original: z.literal('1').optional() });

/** One stored document, without its content. */
export const documentSummary = z.object({
  id: z.string(),
  kind: z.enum(DocumentKind),
  level: z.literal([KycLevel.LEVEL_1, KycLevel.LEVEL_2]),
  /** image/jpeg (pictures are re-encoded), or application/pdf for a PDF proof of address (decision 053). */
  mime: z.string(),
  /** Size of the stored (re-encoded) image in bytes. */
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  /** The application the document was submitted with; null while it is a draft. */
  applicationId: z.string().nullable(),
  /** Quality checks recorded with the upload (decision 023); null for older uploads. */
  quality: documentQuality.nullable().optional(),
});
export type DocumentSummary = z.output<typeof documentSummary>;

/** Result of POST upload-document: the stored draft. */
export const uploadDocumentResult = documentSummary;

/** The result of upload-document's HTTP 413 (ret_code 34006): the limit, for the "at most {{maxMb}} MB" message. */
export const fileTooLargeResult = z.object({ maxBytes: z.number().int(), maxMb: z.number() });

/** Result of GET document-drafts. */
export const documentDraftsResult = z.object({ documents: z.array(documentSummary) });
export type DocumentDraftsResult = z.output<typeof documentDraftsResult>;
