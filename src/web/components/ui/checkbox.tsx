import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn.ts';
import { joinIds } from './field.tsx';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The clickable label next to the box. */
  label: ReactNode;
  /** A second, smaller line under the label (linked with aria-describedby). */
  description?: ReactNode;
  /** A translated error (e.g. "You must accept the terms"); sets aria-invalid and is linked. */
  error?: ReactNode;
}

/**
 * A native checkbox with its label (the whole row is clickable, 24 px box for touch), an optional
 * description and error. `ref` and native props pass through: `{...register('acceptTerms')}`.
 *
 * @example
 * <Checkbox label={t('kyc.consent')} error={errors.consent && t('kyc.consentRequired')} {...register('consent')} />
 */
export function Checkbox({ label, description, error, id, className, ...props }: CheckboxProps) {
  const generated = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const inputId = id ?? `checkbox-${generated}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${inputId}-error` : undefined;
  return (
    <div className={cn('kit:flex kit:flex-col kit:gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={inputId}
          aria-invalid={hasError || undefined}
          {...props}
          aria-describedby={joinIds(descriptionId, errorId, props['aria-describedby'])}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-btn disabled:cursor-not-allowed"
        />
        <div className="min-w-0">
          <label htmlFor={inputId} className="cursor-pointer text-sm text-ink">
            {label}
          </label>
          {description ? (
            <p id={descriptionId} className="text-sm text-muted">
              {description}
            </p>
          ) : null}
        </div>
      </div>
      {hasError ? (
        <p id={errorId} className="ps-8 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
