import { type CxOptions, cx } from 'class-variance-authority';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * §9 "style merge cache 500": tailwind-merge with an LRU cache of 500 class lists (its own default,
 * stated here so it cannot drift), taught our theme's non-standard names so that e.g.
 * `cn('rounded-btn', 'rounded-full')` keeps only the last one.
 */
export const STYLE_MERGE_CACHE_SIZE = 500;

const twMerge = extendTailwindMerge({
  cacheSize: STYLE_MERGE_CACHE_SIZE,
  extend: {
    theme: {
      radius: ['btn'],
      animate: ['ripple', 'popup-in'],
    },
  },
});

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects; falsy values skipped, via
 * cva's `cx`) and resolves Tailwind conflicts, the later class winning. Every component passes its
 * `className` prop through this, so callers can override any style.
 *
 * @example
 * <div className={cn('px-4 text-sm', isError && 'text-danger', className)} />
 */
export function cn(...inputs: CxOptions): string {
  return twMerge(cx(...inputs));
}
