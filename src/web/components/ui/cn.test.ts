import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn()', () => {
  it('joins conditional classes, skipping falsy values, and merges nothing', () => {
    expect(cn('kit:px-2 kit:text-sm', false, null, undefined, { 'kitv:text-danger': true, hidden: false }, ['py-1'])).toBe('kit:px-2 kit:text-sm kitv:text-danger py-1');
    // A caller's class wins by the cascade (styles.css layers; e2e/ui-kit.spec.ts), not by removing ours.
    expect(cn('kit:px-2', 'px-4')).toBe('kit:px-2 px-4');
  });
});

/** Source files of the web app, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The text of every `cn(…)` call in a source: its arguments, up to the matching parenthesis (strings skipped). */
function cnCalls(source: string): string[] {
  const calls: string[] = [];
  for (let start = source.indexOf('cn('); start >= 0; start = source.indexOf('cn(', start + 3)) {
    if (/[\w.]/.test(source[start - 1] ?? '')) continue;
    let depth = 0;
    let quote: string | null = null;
    for (let i = start + 2; i < source.length; i++) {
      const c = source[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        calls.push(source.slice(start + 3, i));
        break;
      }
    }
  }
  return calls;
}

/**
 * Classes written in a call that is layered on purpose above the component's variants, as a caller's
 * class would be (each with its reason).
 */
const UNLAYERED_ON_PURPOSE = new Set([
  // Button: a subtitle makes a small trade button taller than its size variant says.
  'h-auto',
  'min-h-10',
  'py-1',
]);

describe('kit classes sit in the kit layers (decision 037)', () => {
  const webRoot = path.resolve(__dirname, '../..');
  const calls = sources(webRoot).flatMap((file) => cnCalls(readFileSync(file, 'utf8')).map((args) => ({ file: path.relative(webRoot, file), args })));

  it('finds the calls it checks', () => {
    expect(calls.filter((c) => /,\s*className\s*,?\s*$/.test(c.args)).length).toBeGreaterThan(15);
  });

  it("every class a component writes before the caller's className is kit: or kitv:, so the caller's wins", () => {
    const offending = calls
      .filter((c) => /,\s*className\s*,?\s*$/.test(c.args))
      .flatMap(({ file, args }) =>
        [...args.matchAll(/'([^']*)'/g)]
          .flatMap((m) => m[1]!.split(/\s+/).filter(Boolean))
          .filter((cls) => !/^kitv?:/.test(cls) && !UNLAYERED_ON_PURPOSE.has(cls))
          .map((cls) => `${file}: ${cls}`),
      );
    expect(offending).toEqual([]);
  });
});
