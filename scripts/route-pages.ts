/**
 * Build step (a plugin in vite.config.ts runs it after every build and every rebuild of
 * `npm run dev`, before precompress.ts): one copy of the account area's index.html
 * per route, with `<link rel="modulepreload">` for the chunks that route loads as it starts (issue
 * 32). Without them the browser learns of a route's chunks one step at a time (the entry, then the
 * /auth layout, then the screen, then the parts the screen starts): three round trips before the
 * data calls, which on a phone's network were most of the time to the first meaningful paint.
 * The web plugin serves `routes/<route>.html` when there is one, index.html otherwise (the same app:
 * only the hints differ). Only chunks the route always loads are named: a hint for a chunk the page
 * never runs would be a download for nothing.
 * By hand: node scripts/route-pages.ts [dir] (default dist/web).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_BASE } from '../src/shared/api/paths.ts';
import { authRouteModules, closure, jsFiles, readManifest, type Manifest } from './build/web-manifest.ts';

/**
 * The lazy parts a route's `preload` always starts: the personal page's extras slot (routes.ts fills
 * it). Not every lazy part of a screen: the personal screen's forms load only for whom they show.
 */
const PRELOADED_PARTS: Record<string, readonly string[]> = { personal: ['features/extras/overview-extras.tsx'] };
/** The /auth layout every child route renders in. */
const AUTH_LAYOUT = 'app/auth-layout.tsx';
/** The console's layout, with its queue. */
const CONSOLE_LAYOUT = 'features/console/console-layout.tsx';

/** The hints for one route: its modules' chunks the entry does not already name. */
function hints(manifest: Manifest, modules: readonly string[]): string {
  const known = closure(manifest, ['index.html']);
  const files = jsFiles(manifest, [...closure(manifest, modules)].filter((k) => !known.has(k)));
  return files.map((f) => `    <link rel="modulepreload" crossorigin href="${APP_BASE}/${f}">\n`).join('');
}

export function writeRoutePages(dist: string): string[] {
  const manifest = readManifest(dist);
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const head = /\n\s*<\/head>/;
  if (!head.test(index)) throw new Error('index.html has no </head>');
  const out = path.join(dist, 'routes');
  rmSync(out, { recursive: true, force: true });
  const pages = new Map<string, readonly string[]>();
  for (const [route, screen] of authRouteModules()) {
    if (!manifest[screen]) continue;
    pages.set(`auth/${route}`, [AUTH_LAYOUT, screen, ...(PRELOADED_PARTS[route] ?? [])]);
  }
  pages.set('console', [CONSOLE_LAYOUT]);
  for (const [name, modules] of pages) {
    const file = path.join(out, `${name}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, index.replace(head, `\n${hints(manifest, modules)}  </head>`));
  }
  return [...pages.keys()];
}

if (import.meta.main) {
  const written = writeRoutePages(path.resolve(process.argv[2] ?? 'dist/web'));
  console.log(`route pages: ${written.length} (${APP_BASE}/<route> with its chunks named in the HTML)`);
}
