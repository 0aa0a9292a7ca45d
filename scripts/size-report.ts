/**
 * Prints what the browser downloads for key pages, from Vite's manifest: the entry chunk, everything
 * it imports statically, and the lazy chunks the page's route loads; then every other route's own
 * chunk. Sizes are brotli (the `.br` beside each file, written by scripts/precompress.ts: what our
 * server sends a browser) and gzip-9 (comparable with earlier reports).
 * Each page is held to issue 32's budget (bench/page.ts PAGE_BUDGETS), a ratio to the JavaScript of
 * the bare React 19 app built here in the same run (`npm run bench` measures the same in Chromium).
 * Usage: node scripts/size-report.ts [--json]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { budgetVerdict, PAGE_BUDGETS } from './bench/page.ts';
import { buildReferenceReact, referenceJs } from './bench/reference-react-build.ts';
import { authRouteModules, closure as webClosure, readManifest } from './build/web-manifest.ts';

const dist = path.resolve(process.env.WEB_DIST ?? 'dist/web');
const manifest = readManifest(dist);

/** The module a child route of /auth loads, read from the route table so the report follows it. */
function routeModule(routePath: string): string {
  const module = authRouteModules().get(routePath);
  if (!module) throw new Error(`route ${routePath} not found in src/web/app/routes.ts`);
  return module;
}

/** Every screen a route loads on demand: the /auth child routes, the app's own lazy areas and the console's pages. */
function routeModules(): string[] {
  const found = new Set<string>();
  const scan = (file: string, prefix: string) => {
    for (const m of readFileSync(path.resolve(file), 'utf8').matchAll(/import\('(\.{1,2}\/[^']+\.tsx)'\)/g)) {
      found.add(path.posix.normalize(path.posix.join(prefix, m[1]!)));
    }
  };
  scan('src/web/app/routes.ts', 'app');
  scan('src/web/app/app.tsx', 'app');
  // The console's own pages (all but its queue, which comes with the layout).
  scan('src/web/features/console/console-layout.tsx', 'features/console');
  return [...found].filter((m) => manifest[m]);
}

/** Pages: the HTML entry plus the lazy modules its route renders (by source path under src/web). */
export const PAGES: Record<string, { entry: string; lazy: string[] }> = {
  // Besides its route (whose chunk brings the KYC overview since decision 069), the personal page
  // renders lazy parts of its own on first load (measured by `npm run bench` in Chromium): the account
  // extras' slot and, for a user with no personal information yet (the demo user the bench signs in),
  // its form. Missing them made this report say 117 KB for a 202 KB page. The toast renderers load
  // with the first toast, not here.
  '/user/accounts/auth/personal': {
    entry: 'index.html',
    lazy: ['app/auth-layout.tsx', routeModule('personal'), 'features/extras/overview-extras.tsx', 'features/kyc/components/personal-info-form.tsx'],
  },
  '/login': { entry: 'login.html', lazy: [] },
};
const BUDGET_OF: Record<string, { ratio: number; jsRequests?: number }> = { '/user/accounts/auth/personal': PAGE_BUDGETS.personal, '/login': PAGE_BUDGETS.login };

/** The bare React 19 app's JavaScript (brotli), built into a temporary directory. */
async function referenceReactJs(): Promise<{ bytes: number; requests: number }> {
  const out = mkdtempSync(path.join(tmpdir(), 'ua-size-react-'));
  try {
    await buildReferenceReact(out);
    return referenceJs(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Issue 15: every other route's own chunk, compressed. */
export const ROUTE_CHUNK_TARGET_BYTES = 30 * 1024;

const closure = (keys: string[]) => webClosure(manifest, keys);

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
/** The precompressed sibling when the build wrote one (files under 256 bytes are sent as they are). */
const br = (file: string) => {
  const sibling = path.join(dist, `${file}.br`);
  if (existsSync(sibling)) return readFileSync(sibling).length;
  const raw = readFileSync(path.join(dist, file));
  return raw.length < 256 ? raw.length : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function pageSizes() {
  return Object.entries(PAGES).map(([page, { entry, lazy }]) => {
    const keys = closure([entry, ...lazy]);
    const js = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
    return {
      page,
      jsRequests: js.length,
      jsBrotli: js.reduce((s, f) => s + br(f), 0),
      jsGzip: js.reduce((s, f) => s + gz(f), 0),
      cssGzip: css.reduce((s, f) => s + gz(f), 0),
      files: js.map((f) => ({ file: f, brotli: br(f), gzip: gz(f) })).sort((a, b) => b.brotli - a.brotli),
    };
  });
}

/** Each route's own chunk (not what it shares with others), brotli. */
export function routeChunks() {
  return routeModules()
    .map((src) => ({ src, file: manifest[src]!.file, brotli: br(manifest[src]!.file) }))
    .sort((a, b) => b.brotli - a.brotli);
}

if (import.meta.main) {
  const sizes = pageSizes();
  const routes = routeChunks();
  const reference = await referenceReactJs();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ reference, pages: sizes, routes }, null, 2));
  } else {
    console.log('\nSize report (JavaScript each page downloads; brotli as served, gzip-9 for comparison):');
    console.log(`  bare React 19 app (reference): JavaScript ${kb(reference.bytes)} brotli in ${reference.requests} requests`);
    for (const s of sizes) {
      const budget = BUDGET_OF[s.page];
      const ratio = `${(s.jsBrotli / reference.bytes).toFixed(2)}x the reference`;
      const verdict = budget ? `; ${budgetVerdict(budget, { bytes: s.jsBrotli, requests: s.jsRequests }, reference.bytes)} (issue 32)` : '';
      console.log(`  ${s.page}: JavaScript ${kb(s.jsBrotli)} brotli (${kb(s.jsGzip)} gzip) in ${s.jsRequests} requests = ${ratio}${verdict}, CSS ${kb(s.cssGzip)} gzip`);
      for (const f of s.files) console.log(`      ${kb(f.brotli).padStart(9)}  ${f.file}`);
    }
    console.log(`\n  Each route's own chunk (brotli; target ${kb(ROUTE_CHUNK_TARGET_BYTES)}, issues 15 and 32):`);
    for (const r of routes) console.log(`      ${kb(r.brotli).padStart(9)}  ${r.src}${r.brotli > ROUTE_CHUNK_TARGET_BYTES ? '  (OVER)' : ''}`);
    console.log('');
  }
}
