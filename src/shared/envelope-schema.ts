import { z } from 'zod';
// Imported first for zod's jitless setting (no `new Function` under our CSP), like every schema module.
import './validation.ts';
import { RetCode } from './ret-codes.ts';

/**
 * The reply contract of an /x-api route: the success envelope around the call's result schema
 * (`schema: { response: { 200: okEnvelope(result) } }`). The server serializes every successful
 * reply through it, so a reply carries exactly the result's keys (unknown ones are stripped) and a
 * reply that breaks its contract is a logged server error, never sent.
 *
 * Failure envelopes sent with HTTP 200 (ret_code other than 0: validation, wrong state, not logged
 * in, …) are not the route's result: the envelope plugin sends them as they are (plugins/envelope.ts).
 */
export function okEnvelope<T extends z.ZodType>(result: T) {
  return z.object({ ret_code: z.literal(RetCode.OK), ret_msg: z.string(), result });
}

/**
 * A failure reply a route sends itself with a transport status (upload-document's 413 says which
 * limit was exceeded). Declaring it types what the handler sends; like every failure envelope it is
 * sent as built (the error handler's own 413 for other multipart limits has an empty result).
 */
export function failureEnvelope<T extends z.ZodType>(result: T) {
  return z.object({ ret_code: z.number().int().refine((code) => code !== RetCode.OK), ret_msg: z.string(), result });
}

/** The result of a call that answers nothing but success (logout, delete-document, a report). */
export const emptyResult = z.object({});
export type EmptyResult = z.output<typeof emptyResult>;
