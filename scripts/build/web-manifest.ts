/**
 * Vite's build manifest (`dist/web/.vite/manifest.json`) read by the build's own steps: which chunk
 * files a set of source modules needs (the modules and everything they import statically, as the
 * browser fetches them), and which screen each /auth child route loads (read from the route table,
 * so the steps follow it). Used by the size report and by the route pages (route-pages.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, Chunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys of `keys` and of everything they import statically. */
export function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
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

/** The JavaScript files of a set of manifest keys. */
export const jsFiles = (manifest: Manifest, keys: Iterable<string>): string[] => [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));

/** The /auth child routes and the module each loads (path under src/web), from src/web/app/routes.ts. */
export function authRouteModules(): Map<string, string> {
  const table = readFileSync(path.resolve('src/web/app/routes.ts'), 'utf8');
  const routes = new Map<string, string>();
  for (const m of table.matchAll(/path: '([^']+)', load: \(\) => import\('\.\.\/([^']+)'\)/g)) routes.set(m[1]!, m[2]!);
  // The questionnaire routes share one screen (QUESTIONNAIRE_ROUTES, loaded through `questionnaire(code)`).
  const questionnaire = /const questionnaire = [^\n]*import\('\.\.\/([^']+)'\)/.exec(table)?.[1];
  const codes = /QUESTIONNAIRE_ROUTES = \[([^\]]+)\]/.exec(table)?.[1];
  if (questionnaire && codes) for (const c of codes.matchAll(/'([^']+)'/g)) routes.set(c[1]!, questionnaire);
  return routes;
}
