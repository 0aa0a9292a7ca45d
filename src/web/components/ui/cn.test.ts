import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extendTailwindMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

/** tailwind-merge's full configuration, taught our theme's names as cn() was before decision 033. */
const fullMerge = extendTailwindMerge({ extend: { theme: { radius: ['btn'], animate: ['ripple', 'popup-in'] } } });

/**
 * Every class list the web unit tests passed to cn() in which a class overrides another (collected
 * when cn() moved to a trimmed configuration): kit base classes with the callers' and variants'.
 */
const KNOWN_CONFLICTS = [
  'h-11 w-full min-w-0 rounded-btn border border-line-strong bg-white px-3 text-base text-ink placeholder:text-muted outline-none transition-colors hover:border-muted focus:border-primary focus-visible:focus-ring disabled:cursor-not-allowed disabled:bg-surface disabled:text-muted aria-[invalid=true]:border-danger flex items-center gap-2 px-3 has-[:focus-visible]:focus-ring has-[:disabled]:bg-surface has-[[aria-invalid=true]]:border-danger',
  'h-11 w-full min-w-0 rounded-btn border border-line-strong bg-white px-3 text-base text-ink placeholder:text-muted outline-none transition-colors hover:border-muted focus:border-primary focus-visible:focus-ring disabled:cursor-not-allowed disabled:bg-surface disabled:text-muted aria-[invalid=true]:border-danger h-auto min-h-24 resize-y py-2 leading-normal',
  'h-11 w-full min-w-0 rounded-btn border border-line-strong bg-white px-3 text-base text-ink placeholder:text-muted outline-none transition-colors hover:border-muted focus:border-primary focus-visible:focus-ring disabled:cursor-not-allowed disabled:bg-surface disabled:text-muted aria-[invalid=true]:border-danger w-20',
  'relative flex cursor-pointer items-start gap-3 rounded-lg border border-line-strong bg-white p-4 transition-colors hover:border-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:focus-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 border-danger',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress bg-linear-to-r from-primary to-[#ffc94d] font-semibold text-primary-fg hover:brightness-95 h-10 px-4 text-sm',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress bg-linear-to-r from-primary to-[#ffc94d] font-semibold text-primary-fg hover:brightness-95 h-8 px-3 text-sm',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress bg-long text-white hover:bg-long-hover h-8 px-3 text-sm h-auto min-h-10 py-1',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress bg-primary text-primary-fg hover:bg-primary-hover h-10 px-4 text-sm bg-ink rounded-full',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress bg-primary text-primary-fg hover:bg-primary-hover h-12 px-5 text-base flex w-full',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress bg-short text-white hover:bg-short-hover h-8 px-3 text-sm h-auto min-h-10 py-1',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress bg-surface text-ink hover:bg-line h-10 px-4 text-sm flex w-full',
  'relative isolate inline-flex shrink-0 select-none items-center justify-center gap-2 overflow-hidden whitespace-nowrap rounded-btn font-medium no-underline transition-colors focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[loading=true]:pointer-events-none data-[loading=true]:cursor-progress border border-line-strong bg-surface text-ink hover:bg-line h-8 px-3 text-sm h-auto min-h-10 py-1',
  'relative rounded-lg border-2 border-dashed transition-colors border-line-strong bg-surface border-danger',
  'relative rounded-lg border-2 border-dashed transition-colors border-line-strong bg-surface border-primary bg-primary-soft',
  'relative rounded-lg border-2 border-dashed transition-colors border-solid border-line bg-white',
  'size-[1em] shrink-0 motion-safe:animate-spin size-5 text-primary-ink',
  'size-[1em] shrink-0 motion-safe:animate-spin size-[1.15em]',
  'size-[1em] shrink-0 mt-0.5 size-5 text-danger',
  'size-[1em] shrink-0 mt-0.5 size-5 text-info',
  'size-[1em] shrink-0 mt-0.5 size-5 text-success',
  'size-[1em] shrink-0 mt-0.5 size-5 text-warn',
  'size-[1em] shrink-0 pointer-events-none absolute end-3 top-1/2 size-5 -translate-y-1/2 text-muted',
  'size-[1em] shrink-0 size-10 text-muted',
  'size-[1em] shrink-0 size-3.5',
  'size-[1em] shrink-0 size-4',
  'size-[1em] shrink-0 size-5',
  'size-[1em] shrink-0 size-5 text-danger',
  'size-[1em] shrink-0 size-5 text-info',
  'size-[1em] shrink-0 size-5 text-info mt-0.5',
  'size-[1em] shrink-0 size-5 text-success',
  'size-[1em] shrink-0 size-5 text-warn',
  'size-[1em] shrink-0 size-5 text-warn mt-0.5',
  'size-[1em] shrink-0 size-8 text-muted',
];

/** Every class-like word in the web app's sources, grouped by its variants (`hover:`, `md:`…). */
function classWordsByVariant(): Map<string, string[]> {
  const root = path.resolve(import.meta.dirname, '../..');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(entry.name)) files.push(p);
    }
  };
  walk(root);
  const words = new Set<string>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([^'"`\n]*)['"`]/g)) {
      for (const w of m[1]!.split(/\s+/)) {
        if (/^(?:[a-z0-9-]+(?:-\[[^\]\s]*\])?:)*!?-?[a-z][a-z0-9]*(?:-(?:[a-z0-9./]+|\[[^\]\s]+\]))*$/.test(w)) words.add(w);
      }
    }
  }
  const byVariant = new Map<string, string[]>();
  for (const w of words) {
    const variant = w.slice(0, w.lastIndexOf(':') + 1);
    byVariant.set(variant, [...(byVariant.get(variant) ?? []), w]);
  }
  return byVariant;
}

describe('cn()', () => {
  it('joins class values and lets the later class win a conflict', () => {
    expect(cn('px-2 text-sm', false, null, { 'text-danger': true, hidden: false }, ['py-1'])).toBe('px-2 text-sm text-danger py-1');
    expect(cn('px-2', 'px-4')).toBe('px-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('rounded-btn', 'rounded-full')).toBe('rounded-full');
    expect(cn('bg-primary', 'bg-long')).toBe('bg-long');
    expect(cn('text-sm', 'text-primary-fg', 'text-center')).toBe('text-sm text-primary-fg text-center');
    expect(cn('border border-line', 'border-t-primary border-s-2 border-dashed')).toBe('border border-line border-t-primary border-s-2 border-dashed');
    expect(cn('hover:bg-line', 'bg-ink')).toBe('hover:bg-line bg-ink');
  });

  it('resolves every known kit conflict as the full tailwind-merge configuration does', () => {
    for (const list of KNOWN_CONFLICTS) expect(cn(list), list).toBe(fullMerge(list));
  });

  it('sees no conflict between two classes of the web app that the full configuration does not see', () => {
    let grouped = 0;
    for (const words of classWordsByVariant().values()) {
      // A class that cn() drops as a duplicate belongs to one of its groups; only those can conflict.
      const inGroup = words.filter((w) => cn(`${w} ${w}`) === w);
      grouped += inGroup.length;
      for (const a of inGroup) {
        for (const b of inGroup) {
          if (a === b) continue;
          const ours = cn(`${a} ${b}`);
          if (ours !== `${a} ${b}`) expect(ours, `${a} ${b}`).toBe(fullMerge(`${a} ${b}`));
        }
      }
    }
    expect(grouped).toBeGreaterThan(100);
    // Some 100 000 pairs: half a second on a quiet machine, several on a busy one.
  }, 30_000);
});
