import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startDemoYente } from './screening-demo.ts';

/** yente's local fake (decision 043) stands in only in demo mode, and only without YENTE_URL. */
describe("yente's stand-in", () => {
  it('demo mode without YENTE_URL: the fake holds the sample list and the config points at it; never outside demo mode', async () => {
    const demo = loadConfig({ HOST: '127.0.0.1', DEMO: 'true', SCREENING_ENGINE: 'yente' });
    const started = await startDemoYente(demo);
    try {
      expect(started!.config.screening.yente!.url).toBe(started!.fake.origin);
      const catalog = (await (await fetch(`${started!.fake.origin}/catalog`)).json()) as { datasets: { name: string; entity_count?: number }[] };
      // The sample's four Person rows (decision 026 keeps people only).
      expect(catalog.datasets[0]).toMatchObject({ name: 'default', entity_count: 4 });
    } finally {
      await started?.fake.close();
    }
    // A configured yente, or the in-house engine: no fake.
    expect(await startDemoYente(loadConfig({ HOST: '127.0.0.1', DEMO: 'true', SCREENING_ENGINE: 'yente', YENTE_URL: 'http://yente:8000' }))).toBeNull();
    expect(await startDemoYente(demo.screening.yente ? { ...demo, screening: { ...demo.screening, engine: 'inhouse', yente: null } } : demo)).toBeNull();
    await expect(startDemoYente({ ...demo, demo: false })).rejects.toThrow('demo mode only');
  });
});
