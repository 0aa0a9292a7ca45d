import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * Our CSP has no 'unsafe-eval': zod must never build code with `new Function` — neither to compile a
 * parser nor to probe whether it may (the probe alone is a reported CSP violation in the browser).
 * Every shared schema module is loaded and used with `Function` watched.
 */
it('loading and using the shared schemas never constructs a Function', async () => {
  const constructed: string[] = [];
  const Original = globalThis.Function;
  globalThis.Function = new Proxy(Original, {
    construct(target, args: string[]) {
      constructed.push(args.join(', ').slice(0, 80));
      return Reflect.construct(target, args);
    },
  });
  try {
    // In no particular order (the bundler's is not ours): each module gets z from shared/zod.ts.
    const modules = readdirSync(new URL('./api/', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(modules.length).toBeGreaterThan(10);
    for (const m of modules.reverse()) await import(/* @vite-ignore */ `./api/${m}`);
    const { personalInfoSchema } = await import('./api/personal-info.ts');
    const { rejectRequest } = await import('./api/console.ts');
    const { registerRequest } = await import('./api/accounts.ts');
    const { monitoringReport } = await import('./api/monitoring.ts');
    // Parsing twice: zod compiles an object's fast path on first use.
    for (let i = 0; i < 2; i++) {
      personalInfoSchema.safeParse({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', nationality: 'GB', residenceCountry: 'GB', addressLine1: '1 Road', city: 'London', postalCode: 'SW1A 1AA' });
      rejectRequest.safeParse({ mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'x' });
      registerRequest.safeParse({ email: 'a@example.com', password: 'x' });
      monitoringReport.safeParse({ kind: 'x', message: 'y' });
    }
  } finally {
    globalThis.Function = Original;
  }
  expect(constructed).toEqual([]);
});

/**
 * The test above loads every module in one process, so a setting made by the first hides a module
 * that builds schemas before it: in the browser such a module, first in a lazy chunk, probed
 * `new Function`. Hence the rule, by file (lint says the same): zod comes only through zod.ts.
 */
it('every shared module takes z from zod.ts, which sets jitless before exporting it', () => {
  const dir = new URL('./', import.meta.url);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'zod.ts');
  const direct = files.filter((f) => /^import (?!type )[^;]* from 'zod';/m.test(readFileSync(new URL(f, dir), 'utf8')));
  expect(files.length).toBeGreaterThan(20);
  expect(direct).toEqual([]);
  expect(readFileSync(new URL('zod.ts', dir), 'utf8')).toMatch(/z\.config\(\{ jitless: true \}\);\s*\nexport \{ z \};/);
});
