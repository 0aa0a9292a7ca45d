import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  /** Heading of the card; when given, it also names the section for screen readers. */
  title?: ReactNode;
  /** The heading level of `title` (default 2), to keep the page outline right. */
  headingLevel?: 2 | 3 | 4;
  /** A line under the title. */
  description?: ReactNode;
  /** Controls at the end of the header row (a link, a badge, a button). */
  actions?: ReactNode;
  /** A footer row, e.g. the card's main button. */
  footer?: ReactNode;
}

/**
 * A bordered surface that groups related content: a verification level, a document, a panel.
 * Renders a `<section>` labelled by its title.
 *
 * @example
 * <Card title={t('kyc.level1.title')} description={t('kyc.level1.body')} actions={<StatusBadge status={step1.status} />}
 *   footer={<Button variant="primary" block>{t('kyc.verifyNow')}</Button>}>
 *   <ul>…</ul>
 * </Card>
 */
export function Card({ title, headingLevel = 2, description, actions, footer, className, children, id, ...props }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const generated = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const headingId = title ? `${id ?? `card-${generated}`}-title` : undefined;
  const hasHeader = Boolean(title || description || actions);
  return (
    <section id={id} aria-labelledby={headingId} className={cn('kit:rounded-lg kit:border kit:border-line kit:bg-white kit:p-4 kit:sm:p-6', className)} {...props}>
      {hasHeader ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            {title ? (
              <Heading id={headingId} className="text-base font-semibold text-ink">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
      {footer ? <div className="mt-4 flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">{footer}</div> : null}
    </section>
  );
}
