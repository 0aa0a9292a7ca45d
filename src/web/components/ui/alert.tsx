import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { CloseIcon, FailIcon, InfoIcon, SuccessIcon, WarnIcon } from './icons.tsx';

/** Alert kinds. */
export const AlertVariant = { info: 'info', success: 'success', warn: 'warn', error: 'error' } as const;
export type AlertVariant = (typeof AlertVariant)[keyof typeof AlertVariant];

const STYLES: Record<AlertVariant, { box: string; icon: string }> = {
  info: { box: 'kitv:border-info/30 kitv:bg-info-soft', icon: 'text-info' },
  success: { box: 'kitv:border-success/30 kitv:bg-success-soft', icon: 'text-success' },
  warn: { box: 'kitv:border-warn/30 kitv:bg-warn-soft', icon: 'text-warn' },
  error: { box: 'kitv:border-danger/30 kitv:bg-danger-soft', icon: 'text-danger' },
};
const ICONS = { info: InfoIcon, success: SuccessIcon, warn: WarnIcon, error: FailIcon } as const;

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  variant?: AlertVariant;
  title?: ReactNode;
  /** Controls under the text, e.g. a retry button or a help link. */
  action?: ReactNode;
  /** Shows a close button (translated label) that calls this. */
  onClose?: () => void;
}

/**
 * An inline message box (not a popup): a compliance notice, a rejection reason, a form-level
 * error. warn and error use role="alert" (announced when they appear), info and success
 * role="status" (announced politely). Pass `role` to override, e.g. a static notice on load.
 *
 * @example
 * <Alert variant="error" title={t('reverification.reviewFailed')} action={<Button size="small" onClick={retry}>{t('common.retry')}</Button>}>
 *   {rejectReason}
 * </Alert>
 */
export function Alert({ variant = 'info', title, action, onClose, className, children, role, ...props }: AlertProps) {
  const { t } = useTranslation();
  const Icon = ICONS[variant];
  return (
    <div
      role={role ?? (variant === 'error' || variant === 'warn' ? 'alert' : 'status')}
      data-variant={variant}
      className={cn('kit:flex kit:gap-3 kit:rounded-lg kit:border kit:p-4 kit:text-sm kit:text-ink', STYLES[variant].box, className)}
      {...props}
    >
      <Icon className={cn('mt-0.5 size-5', STYLES[variant].icon)} />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cn(title && 'mt-1', 'text-ink/90')}>{children}</div> : null}
        {action ? <div className="mt-3 flex flex-wrap gap-2">{action}</div> : null}
      </div>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label={t('ui.close')}
          className="-me-1 -mt-1 flex size-8 shrink-0 items-center justify-center rounded-btn text-muted hover:bg-black/5 hover:text-ink"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
