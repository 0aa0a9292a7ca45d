/** What a monitoring report is about (§8 "reported to monitoring"). Schema-free for the first page (decision 002). */
export const MonitoringKind = {
  /** §8 transport failures. */
  NETWORK: 'network',
  HTTP: 'http',
  TIMEOUT: 'timeout',
  /** §8 "Non Response!". */
  NO_RESPONSE: 'no-response',
  /** A rejection without a ret_code (§8: reported to monitoring only). */
  BUSINESS: 'business',
  /** Something that is not a request-layer error at all. */
  UNKNOWN: 'unknown',
  /** §8: a failed asset (lazy chunk) load. */
  PRELOAD: 'preload',
} as const;
export type MonitoringKind = (typeof MonitoringKind)[keyof typeof MonitoringKind];
