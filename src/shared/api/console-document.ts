import { z } from '../zod.ts';
import { DocumentKind } from '../kyc.ts';
import { documentQuality } from './capture.ts';

/** A document picture as the console lists it (KYC applications and re-verification updates alike). */
export const consoleDocument = z.object({
  id: z.string(),
  kind: z.enum(DocumentKind),
  mime: z.string(),
  byteSize: z.number(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
  /** The reviewer's download address (served by the documents module). */
  downloadPath: z.string(),
  /** The quality checks recorded with the upload (decision 023); null for older uploads. */
  quality: documentQuality.nullable().optional(),
});
export type ConsoleDocument = z.infer<typeof consoleDocument>;
