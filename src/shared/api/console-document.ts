import { z } from '../zod.ts';
import { DocumentKind } from '../kyc.ts';

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
});
export type ConsoleDocument = z.infer<typeof consoleDocument>;
