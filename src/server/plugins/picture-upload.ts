import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_FILE_FIELD } from '../../shared/api/documents.ts';
import type { FieldIssue } from '../../shared/envelope.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { toFieldIssues, ValidationMessage } from '../../shared/validation.ts';
import type { z } from '../../shared/zod.ts';
import { ValidationFailed } from '../errors.ts';

/**
 * Stops reading an upload whose body will not be parsed further. Node keeps a keep-alive connection
 * open for the next request, but the unread rest of this body sits in front of it, so the
 * connection would hang until the keep-alive timeout (72 s). `Connection: close` ends it once the
 * reply is out (as Fastify does when its own body parsers fail); the body is drained meanwhile, so
 * bytes already received do not turn the close into a reset that could swallow the reply.
 */
function abandonBody(raw: IncomingMessage, reply: FastifyReply): void {
  raw.unpipe();
  raw.resume();
  reply.header('connection', 'close');
}

/** For the "at most {{maxMb}} MB" message: one decimal, never rounded up past the limit. */
const toMegabytes = (bytes: number) => Math.floor((bytes / (1024 * 1024)) * 10) / 10;

/**
 * Reads a multipart upload of a few text fields and one file under `file`, for a route registered
 * with @fastify/multipart's streaming limits (identity documents, the phone handoff, questionnaire
 * evidence, RFI pictures, decision 013; the console's screening list file, decision 026). The file's
 * content is the route's to check. The fields are checked with `fields`; a bad or missing one
 * throws ValidationFailed (10001, by field). A body that cannot be read to its end is answered here —
 * 413 with 34006 and the limit when the picture is too large, 34008 otherwise — and null comes back:
 * the route then returns the reply as it is.
 */
export async function readPictureUpload<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: S,
  maxBytes: number,
): Promise<{ data: z.output<S>; bytes: Buffer; fileName: string } | null> {
  if (!request.isMultipart()) throw Object.assign(new Error('multipart/form-data expected'), { statusCode: 415 });
  const values: Record<string, string> = {};
  const issues: FieldIssue[] = [];
  let bytes: Buffer | undefined;
  let fileName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === DOCUMENT_FILE_FIELD) {
          bytes = content;
          fileName = part.filename;
        }
        else issues.push({ path: part.fieldname, code: ValidationMessage.TYPE });
      } else if (typeof part.value === 'string' && !part.valueTruncated) {
        values[part.fieldname] = part.value;
      } else {
        issues.push({ path: part.fieldname, code: ValidationMessage.TYPE });
      }
    }
  } catch (err) {
    // The body could not be read to its end (limit reached, no or wrong boundary, truncated or
    // garbled parts): whatever the client still sends is never going to be read.
    abandonBody(request.raw, reply);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      // A transport-level refusal (413) that still tells the screen which message and limit to show.
      void reply.status(413).send({ ret_code: RetCode.DOCUMENT_FILE_TOO_LARGE, ret_msg: 'file too large', result: { maxBytes, maxMb: toMegabytes(maxBytes) } });
      return null;
    }
    const status = (err as { statusCode?: number }).statusCode === 413 ? 413 : 400;
    request.log.info({ code: (err as { code?: string }).code, reason: (err as Error).message }, 'rejected malformed multipart upload');
    void reply.status(status).send({ ret_code: RetCode.DOCUMENT_UPLOAD_MALFORMED, ret_msg: status === 413 ? 'too many parts' : 'malformed multipart body', result: {} });
    return null;
  }
  const parsed = fields.safeParse(values);
  if (!parsed.success) issues.push(...toFieldIssues(parsed.error));
  if (!bytes) issues.push({ path: DOCUMENT_FILE_FIELD, code: ValidationMessage.REQUIRED });
  if (issues.length > 0 || !parsed.success || !bytes) throw new ValidationFailed(issues);
  return { data: parsed.data, bytes, fileName };
}
