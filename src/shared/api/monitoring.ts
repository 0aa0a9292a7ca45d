import { z } from '../zod.ts';
// Imported first for zod's jitless setting (no `new Function` under our CSP), like every schema module.
import '../validation.ts';

/**
 * POST /v1/public/monitoring/report: what the web client reports about a failure (§8 "reported to
 * monitoring"). Only what is needed to see a failure pattern: never tokens, bodies or query strings,
 * which is why the shape is closed (unknown fields are refused) and every string is short.
 */
import { MonitoringKind } from '../monitoring-kind.ts';

export { MonitoringKind };

/** Body limit of the report endpoint (HTTP 413 beyond it). */
export const MONITORING_REPORT_MAX_BYTES = 8 * 1024;

/** Every string is bounded: a report is a few hundred bytes. */
const shortText = (max: number) => z.string().max(max);

export const monitoringReport = z
  .object({
    kind: z.enum(Object.values(MonitoringKind) as [MonitoringKind, ...MonitoringKind[]]),
    message: shortText(200),
    method: z.enum(['get', 'post', 'put', 'delete']).optional(),
    /** API path of the failed call, e.g. /v2/private/user/profile. */
    path: shortText(300).optional(),
    status: z.number().int().min(0).max(999).optional(),
    retCode: z.number().int().optional(),
    durationMs: z.number().int().min(0).max(24 * 3600_000).optional(),
    /** §3 event descriptor code of the call, when it had one. */
    event: shortText(100).optional(),
    /** The page the user was on (path only). */
    page: shortText(300).optional(),
    /** §3: the analytics user id (the profile id). */
    userId: shortText(100).nullable().optional(),
    language: shortText(20).optional(),
    platform: shortText(20).optional(),
  })
  .strict();
export type MonitoringReport = z.infer<typeof monitoringReport>;
