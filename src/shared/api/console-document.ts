import { z } from '../zod.ts';
import { DocumentKind } from '../kyc.ts';
import { documentQuality } from './capture.ts';

/**
 * Another submitted picture of the same user that looks the same (a perceptual hash within a few
 * bits, decision 048): any kind, this application or an earlier one.
 */
export const samePictureMatch = z.object({
  documentId: z.string(),
  /** A document kind, or QUESTIONNAIRE_EVIDENCE for a questionnaire's or an RFI's picture. */
  kind: z.string(),
  /** Whether that picture belongs to the same application (or update) as this one. */
  sameApplication: z.boolean(),
  createdAt: z.string(),
});
export type SamePictureMatch = z.infer<typeof samePictureMatch>;

/** A document picture as the console lists it (KYC applications and re-verification updates alike). */
export const consoleDocument = z.object({
  id: z.string(),
  kind: z.enum(DocumentKind),
  mime: z.string(),
  byteSize: z.number(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
  /** The reviewer's download address (served by the documents module): always a picture (a PDF's first page drawn). */
  downloadPath: z.string(),
  /** For a PDF (decision 053): the file as the user sent it, to save and open outside the console. */
  originalPath: z.string().optional(),
  /** The quality checks recorded with the upload (decision 023); null for older uploads. */
  quality: documentQuality.nullable().optional(),
  /** The user's other submitted pictures that look the same as this one (decision 048); empty when none. */
  samePictureAs: z.array(samePictureMatch).optional(),
});
export type ConsoleDocument = z.infer<typeof consoleDocument>;
