/**
 * The web app's environment: the only place the web code reads it (ARCHITECTURE §4). Values are fixed
 * at build time by Vite (`VITE_*` variables) so the first page needs no extra request to learn them.
 *
 * - VITE_APP_ENV: `production` (default), `testnet` or `test` (§7 translation file prefixes).
 * - VITE_TEST_STATIC_ORIGIN: the test environment's static host, e.g. `https://static-test.example`
 *   (§7 "the test environment … uses a test host"); empty means this origin. A foreign origin must
 *   also be allowed by the server's Content-Security-Policy (connect-src).
 * - VITE_COMPANY: the company name in the mini-program agent header (§7), default `Exchange`.
 * - VITE_APP_UA_MARKER: the token the exchange's own app puts in its web view's User-Agent
 *   (`ExchangeApp` by default); it selects the app view (header hidden, §2).
 */

export const AppEnv = { PRODUCTION: 'production', TESTNET: 'testnet', TEST: 'test' } as const;
export type AppEnv = (typeof AppEnv)[keyof typeof AppEnv];

export interface WebEnv {
  appEnv: AppEnv;
  testStaticOrigin: string;
  company: string;
  appUserAgentMarker: string;
}

type RawEnv = Record<string, string | boolean | undefined>;

/** Reads and checks the raw variables; unknown environments fall back to production. */
export function readEnv(raw: RawEnv): WebEnv {
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : '');
  const appEnv = (Object.values(AppEnv) as string[]).includes(text('VITE_APP_ENV')) ? (text('VITE_APP_ENV') as AppEnv) : AppEnv.PRODUCTION;
  const origin = text('VITE_TEST_STATIC_ORIGIN').replace(/\/+$/, '');
  return {
    appEnv,
    testStaticOrigin: /^https?:\/\/[^/\s]+$/.test(origin) ? origin : '',
    company: text('VITE_COMPANY') || 'Exchange',
    appUserAgentMarker: text('VITE_APP_UA_MARKER') || 'ExchangeApp',
  };
}

export const env: WebEnv = readEnv(import.meta.env as RawEnv);

/** §7: testnet prefixes translation file names with `testnet-`, the test environment with `test-`. */
export function translationFilePrefix(appEnv: AppEnv): string {
  return appEnv === AppEnv.TESTNET ? 'testnet-' : appEnv === AppEnv.TEST ? 'test-' : '';
}

/** §7: where translation files come from: this origin, except the test environment's test host. */
export function translationOrigin(e: WebEnv): string {
  return e.appEnv === AppEnv.TEST ? e.testStaticOrigin : '';
}
