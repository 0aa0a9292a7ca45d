import { cn } from './cn.ts';

/**
 * A grey placeholder block shown while content loads (pulses unless the user prefers reduced
 * motion). Hidden from screen readers: the loading region itself should say it is busy, e.g.
 * `<div aria-busy="true">` around skeletons, or a PageLoading for whole pages. Size it with
 * classes.
 *
 * @example
 * <div aria-busy="true" aria-live="polite">
 *   <Skeleton className="h-6 w-40" />
 *   <SkeletonText lines={3} className="mt-3" />
 * </div>
 */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden data-testid="skeleton" className={cn('kit:rounded-btn kit:bg-line kit:motion-safe:animate-pulse', className)} />;
}

/** Several text-line skeletons; the last line is shorter, like a paragraph. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden className={cn('kit:flex kit:flex-col kit:gap-2', className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('h-4', i === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}
