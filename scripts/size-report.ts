/**
 * Prints the gzipped size of what the browser downloads for key pages, from Vite's manifest:
 * the entry chunk, everything it imports statically, and the lazy chunks the page's route loads.
 * Usage: node scripts/size-report.ts [--json]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(process.env.WEB_DIST ?? 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The module a child route of /auth loads, read from the route table so the report follows it. */
function routeModule(routePath: string): string {
  const table = readFileSync(path.resolve('src/web/app/routes.ts'), 'utf8');
  const m = new RegExp(`path: '${routePath}', load: \\(\\) => import\\('\\.\\./([^']+)'\\)`).exec(table);
  if (!m) throw new Error(`route ${routePath} not found in src/web/app/routes.ts`);
  return m[1]!;
}

/** Pages: the HTML entry plus the lazy modules its route renders (by source path under src/web). */
export const PAGES: Record<string, { entry: string; lazy: string[] }> = {
  // Besides its route, the personal page renders lazy parts of its own on first load (measured by
  // `npm run bench` in Chromium): the notification renderers, the KYC overview and, for a user with no
  // personal information yet, its form. Missing them made this report say 117 KB for a 202 KB page.
  '/user/accounts/auth/personal': {
    entry: 'index.html',
    lazy: ['app/auth-layout.tsx', routeModule('personal'), 'components/ui/notify-renderers.tsx', 'features/kyc/components/kyc-overview.tsx', 'features/kyc/components/personal-info-form.tsx'],
  },
  '/login': { entry: 'login.html', lazy: ['components/ui/notify-renderers.tsx'] },
};

/** Decision 002: the first page's JavaScript budget (gzipped). */
export const FIRST_PAGE_BUDGET_BYTES = 120 * 1024;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in manifest: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function pageSizes() {
  return Object.entries(PAGES).map(([page, { entry, lazy }]) => {
    const keys = closure([entry, ...lazy]);
    const js = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
    return {
      page,
      jsGzip: js.reduce((s, f) => s + gz(f), 0),
      cssGzip: css.reduce((s, f) => s + gz(f), 0),
      files: js.map((f) => ({ file: f, gzip: gz(f) })).sort((a, b) => b.gzip - a.gzip),
    };
  });
}

if (import.meta.main) {
  const sizes = pageSizes();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2));
  } else {
    console.log('\nSize report (gzipped, what the browser downloads for each page):');
    for (const s of sizes) {
      const over = s.page === '/user/accounts/auth/personal' && s.jsGzip > FIRST_PAGE_BUDGET_BYTES;
      console.log(`  ${s.page}: JavaScript ${kb(s.jsGzip)}, CSS ${kb(s.cssGzip)}${over ? `  (OVER the ${kb(FIRST_PAGE_BUDGET_BYTES)} budget of decision 002)` : ''}`);
      for (const f of s.files) console.log(`      ${kb(f.gzip).padStart(9)}  ${f.file}`);
    }
    console.log('');
  }
}
