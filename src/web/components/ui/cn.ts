import { type CxOptions, cx } from 'class-variance-authority';

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects; falsy values skipped, via cva's
 * `cx`). Nothing is merged at run time (decision 037): a kit component writes its own classes with the
 * `kit:` variant (its defaults) and `kitv:` (what its variants and states change), which put them in
 * cascade layers below the utilities a caller writes (styles.css), so a caller's `className` wins by
 * the cascade. §9's "style merge cache 500" belonged to the run-time merge this replaces.
 *
 * @example
 * <div className={cn('kit:px-4 kit:text-sm', isError && 'kitv:text-danger', className)} />
 */
export function cn(...inputs: CxOptions): string {
  return cx(...inputs);
}
