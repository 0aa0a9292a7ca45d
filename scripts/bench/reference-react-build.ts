/**
 * Builds the bench's reference page, the bare React 19 app of scripts/bench/reference-react, with our
 * Vite and compresses it as our build is (scripts/precompress.ts). The page-weight budgets are ratios
 * to its JavaScript (issue 32): the bench serves it to Chromium (page.ts), the size report reads its
 * files (size-report.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../precompress.ts';

export async function buildReferenceReact(outDir: string): Promise<void> {
  await build({ root: path.resolve('scripts/bench/reference-react'), base: '/', logLevel: 'silent', configFile: false, plugins: [react()], build: { outDir, emptyOutDir: true, target: 'es2022' } });
  precompress(outDir);
}

/** Its JavaScript as our server sends it: the brotli files (the plain one where none was written), and how many. */
export function referenceJs(outDir: string): { bytes: number; requests: number } {
  const dir = path.join(outDir, 'assets');
  const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const size = (f: string) => {
    const br = path.join(dir, `${f}.br`);
    try {
      return readFileSync(br).length;
    } catch {
      return statSync(path.join(dir, f)).size;
    }
  };
  return { bytes: js.reduce((s, f) => s + size(f), 0), requests: js.length };
}
