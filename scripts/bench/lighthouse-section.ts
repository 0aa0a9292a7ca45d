/**
 * The bench's lighthouse section: four pages (login, the signed-in personal and kyc pages, the
 * reviewer's console queue) on the built app (`npm run build` first), desktop and mobile, each next
 * to the bare React app measured in the same run, and issue 32's targets marked met or not. Every run
 * in a Chromium of its own, as the Lighthouse CLI runs (lighthouse.ts; decision 034).
 */
import { startChild } from './child.ts';
import { launchLighthouse, medianOf, type FormFactor, type LighthouseMedian } from './lighthouse.ts';
import { serveReferenceReact } from './page.ts';

interface AppInfo {
  port: number;
  user: string;
  reviewer: string;
}

const FORM_FACTORS: FormFactor[] = ['desktop', 'mobile'];
/** Issue 32: performance 100 desktop and >= 92 mobile (the CLI's default mobile settings), CLS < 0.02, accessibility 100. */
export const TARGETS = { performance: { desktop: 100, mobile: 92 }, clsBelow: 0.02, accessibility: 100 } as const;

type Result = LighthouseMedian | { errors: string[] };
const measured = (r: Result | undefined): r is LighthouseMedian => !!r && 'performance' in r;

export function targetsMet(r: LighthouseMedian, formFactor: FormFactor) {
  return {
    performance: r.performance >= TARGETS.performance[formFactor],
    cls: r.cls < TARGETS.clsBelow,
    accessibility: r.accessibility >= TARGETS.accessibility,
  };
}

const fmt = (r: Result | undefined) =>
  measured(r)
    ? `perf ${String(r.performance).padStart(3)} (${r.runs.join('/')})  a11y ${String(r.accessibility).padStart(3)}  CLS ${r.cls.toFixed(3)}  LCP ${r.lcpMs} ms  TBT ${r.tbtMs} ms  script ${r.script.totalMs} ms`
    : `FAILED: ${r?.errors.join('; ')}`;

export async function lighthouseSection(runs: number, line: (label: string, text: string) => void) {
  console.log(`\nLighthouse (performance + accessibility, median of ${runs} by performance, a new Chromium and profile per run as the CLI), vs the bare React app`);
  console.log(`  targets: performance ${TARGETS.performance.desktop} desktop / >= ${TARGETS.performance.mobile} mobile, CLS < ${TARGETS.clsBelow}, accessibility ${TARGETS.accessibility}`);
  const browser = await launchLighthouse();
  const results: Record<string, Record<FormFactor, Result>> = {};
  try {
    const reference = await serveReferenceReact();
    try {
      results['bare React app (reference)'] = { desktop: await medianOf(browser, runs, reference.url, 'desktop'), mobile: await medianOf(browser, runs, reference.url, 'mobile') };
    } finally {
      await reference.close();
    }
    const app = await startChild<AppInfo>(['app']);
    try {
      const base = `http://127.0.0.1:${app.info.port}`;
      const pages: Record<string, { url: string; cookie?: string }> = {
        login: { url: `${base}/login` },
        personal: { url: `${base}/user/accounts/auth/personal`, cookie: app.info.user },
        kyc: { url: `${base}/user/accounts/auth/kyc`, cookie: app.info.user },
        'console queue': { url: `${base}/user/accounts/console/`, cookie: app.info.reviewer },
      };
      for (const [name, page] of Object.entries(pages)) {
        const byForm = {} as Record<FormFactor, Result>;
        for (const form of FORM_FACTORS) byForm[form] = await medianOf(browser, runs, page.url, form, page.cookie);
        results[name] = byForm;
      }
    } finally {
      await app.stop();
    }
  } finally {
    await browser.close();
  }
  const reference = results['bare React app (reference)']!;
  const allMet: boolean[] = [];
  for (const [name, byForm] of Object.entries(results)) {
    for (const form of FORM_FACTORS) {
      const r = byForm[form];
      line(`${name}, ${form}`, fmt(r));
      if (name === 'bare React app (reference)') continue;
      if (!measured(r)) {
        allMet.push(false);
        continue;
      }
      const met = targetsMet(r, form);
      allMet.push(met.performance && met.cls && met.accessibility);
      const ref = reference[form];
      const vs = measured(ref) ? `; reference perf ${ref.performance}, LCP ${(r.lcpMs / Math.max(1, ref.lcpMs)).toFixed(2)}x` : '';
      line('', `targets: perf ${met.performance ? 'met' : 'NOT met'}, CLS ${met.cls ? 'met' : 'NOT met'}, a11y ${met.accessibility ? 'met' : 'NOT met'}${vs}`);
      if (r.accessibilityFailures.length) line('', `a11y failures: ${r.accessibilityFailures.map((f) => `${f.id} (${f.nodes.join(', ')})`).join('; ')}`);
      if (r.errors.length) line('', `${r.errors.length} run(s) failed: ${r.errors[0]}`);
      if (!met.cls) line('', `shifts: ${r.shifts.map((x) => `${x.score} ${x.node}`).join('; ')}`);
      if (r.opportunities.length) line('', `opportunities: ${r.opportunities.map((o) => `${o.id} ${o.savingsMs} ms`).join(', ')}`);
      if (r.script.top.length) line('', `script time: ${r.script.totalMs} ms (parse/compile ${r.script.parseCompileMs} ms); most: ${r.script.top.map((t) => `${t.url} ${t.ms} ms`).join(', ')}`);
    }
  }
  line('all targets', allMet.every(Boolean) ? 'met' : `NOT met (${allMet.filter((m) => !m).length} of ${allMet.length} page/form pairs miss one)`);
  return { runs, targets: TARGETS, pages: results, allTargetsMet: allMet.every(Boolean) };
}
