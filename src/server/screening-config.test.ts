import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { checkReadiness, isInternalHost } from './readiness.ts';

/** SCREENING_ENGINE and the YENTE_* settings (decision 043): parsed and refused at start; doctor's warning on plain http. */
const base = { HOST: '0.0.0.0', DEMO: 'false' };

describe('the screening engine configuration', () => {
  it('is in-house by default; yente takes its URL (no trailing slash), dataset, key, threshold, algorithm and time limit', () => {
    expect(loadConfig(base).screening).toEqual({ workers: 1, nice: 19, rescreenIntervalMs: 5000, rescreenShare: 0.5, engine: 'inhouse', yente: null });
    const c = loadConfig({ ...base, SCREENING_ENGINE: 'yente', YENTE_URL: 'http://yente:8000/', YENTE_DATASET: 'sanctions', YENTE_API_KEY: 'k', YENTE_THRESHOLD: '0.8', YENTE_ALGORITHM: 'logic-v1', YENTE_TIMEOUT_MS: '2000', YENTE_CATALOG_REFRESH_MINUTES: '5' });
    expect(c.screening).toEqual({ workers: 1, nice: 19, rescreenIntervalMs: 5000, rescreenShare: 0.5, engine: 'yente', yente: { url: 'http://yente:8000', dataset: 'sanctions', apiKey: 'k', threshold: 0.8, algorithm: 'logic-v1', timeoutMs: 2000, catalogRefreshMs: 300_000 } });
  });

  it('refuses yente without YENTE_URL outside demo mode, and values that are not what yente takes', () => {
    expect(() => loadConfig({ ...base, SCREENING_ENGINE: 'yente' })).toThrow('YENTE_URL: required with SCREENING_ENGINE=yente');
    // Demo mode brings the local fake instead (start.ts).
    expect(loadConfig({ ...base, DEMO: 'true', SCREENING_ENGINE: 'yente' }).screening.yente).toMatchObject({ url: null, dataset: 'default', threshold: 0.7 });
    for (const [k, v] of [['SCREENING_ENGINE', 'elastic'], ['YENTE_URL', 'ftp://yente'], ['YENTE_URL', 'http://yente:8000/?x=1'], ['YENTE_DATASET', '../admin'], ['YENTE_THRESHOLD', '1.5'], ['YENTE_THRESHOLD', '0'], ['YENTE_ALGORITHM', 'a b'], ['YENTE_TIMEOUT_MS', '10']] as const) {
      expect(() => loadConfig({ ...base, SCREENING_ENGINE: 'yente', YENTE_URL: 'http://yente:8000', [k]: v }), `${k}=${v}`).toThrow(k);
    }
  });

  it('doctor warns of plain http to a host that may be public; not of https or an internal host', () => {
    const warned = (url: string) => checkReadiness(loadConfig({ ...base, SCREENING_ENGINE: 'yente', YENTE_URL: url }), { administratorExists: true }).find((i) => i.id === 'yente-http');
    expect(warned('http://yente.example.com')).toMatchObject({ severity: 'warning' });
    expect(warned('http://203.0.113.7:8000')).toMatchObject({ severity: 'warning' });
    for (const url of ['https://yente.example.com', 'http://yente:8000', 'http://10.0.0.5:8000', 'http://127.0.0.1:8000', 'http://yente.default.svc.cluster.local']) expect(warned(url), url).toBeUndefined();
    expect(isInternalHost('[::1]')).toBe(true);
    expect(isInternalHost('api.opensanctions.org')).toBe(false);
  });
});
