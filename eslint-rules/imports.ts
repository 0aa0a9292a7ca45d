import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Rule } from 'eslint';
import type { Node } from 'estree';
import ts from 'typescript';

/** Files whose imports are followed (JSON, CSS and images are leaves). */
const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TRY_SUFFIXES = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js'];

/**
 * Where a relative specifier points, as an absolute path; undefined for packages (`zod`, `node:fs`).
 * Our imports carry explicit `.ts` suffixes, so the path is the specifier joined to the importing
 * file's folder; a suffix-less one is tried with the usual endings. Pure path arithmetic when the
 * specifier has a suffix: the boundary rules judge where an import points even before the file exists.
 */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier.split('?')[0]!);
  if (path.extname(base)) return base;
  return TRY_SUFFIXES.map((s) => base + s).find((p) => existsSync(p) && statSync(p).isFile()) ?? base;
}

/**
 * Calls `check` with every module specifier of the linted file and the node to report on: static
 * imports (type-only ones included: a type import is still an arrow), re-exports and `import()`
 * with a literal.
 */
export function importVisitor(check: (specifier: string, node: Node) => void): Rule.RuleListener {
  const visit = (node: Node & { source?: Node | null }) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(source.value, node);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

interface CachedDeps {
  /** Modification time and size: either changes when the file is saved. */
  stamp: string;
  deps: string[];
}
const depsCache = new Map<string, CachedDeps>();

/**
 * The files a file on disk imports (resolved, scripts only), read with TypeScript's import scanner
 * (no full parse, comments and strings handled). Cached per file until it changes on disk.
 */
export function importsOnDisk(file: string): string[] {
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.mtimeMs}/${stat.size}`;
  } catch {
    return [];
  }
  const cached = depsCache.get(file);
  if (cached && cached.stamp === stamp) return cached.deps;
  const text = readFileSync(file, 'utf8');
  const deps = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => resolveImport(file, f.fileName))
    .filter((p): p is string => p !== undefined && SCRIPT.test(p));
  const unique = [...new Set(deps)];
  depsCache.set(file, { stamp, deps: unique });
  return unique;
}

/** `a/b/c.ts` relative to the linting folder, with forward slashes, for messages. */
export function shown(cwd: string, file: string): string {
  return path.relative(cwd, file).split(path.sep).join('/');
}
