import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn.ts';
import { controlClasses, useFieldControlProps } from './field.tsx';

export interface TextInputProps extends ComponentProps<'input'> {
  /** Text inside the box before the value (e.g. a dial code "+44"); hidden from screen readers, so say it in the label or hint too. */
  prefix?: string;
  /** Content inside the box after the value (e.g. a unit, or a show-password button). */
  suffix?: ReactNode;
}

/**
 * A single-line text input (any text-like `type`: text, email, tel, password, number…). Place it
 * in a Field for its label, hint and error wiring. `ref` and every native prop pass through, so
 * react-hook-form's `register()` spreads straight onto it. With a prefix or suffix the box becomes
 * a row (logical order, so it mirrors on right-to-left pages) and grows with their width.
 *
 * @example
 * <Field label={t('auth.email')} error={emailError}>
 *   <TextInput type="email" autoComplete="email" inputMode="email" {...register('email')} />
 * </Field>
 * <Field label={t('personal.mobile')} hint={t('personal.mobileHint', { code: '+44' })}>
 *   <TextInput type="tel" prefix="+44" autoComplete="tel-national" {...register('mobile')} />
 * </Field>
 */
export function TextInput({ className, prefix, suffix, type = 'text', ...props }: TextInputProps) {
  const wired = useFieldControlProps(props);
  if (!prefix && !suffix) return <input type={type} {...wired} className={cn(controlClasses, className)} />;
  return (
    <div
      className={cn(
        controlClasses,
        'kitv:flex kitv:items-center kitv:gap-2 kitv:px-3 kitv:has-[:focus-visible]:focus-ring',
        'kitv:has-[:disabled]:bg-surface kitv:has-[[aria-invalid=true]]:border-danger',
        className,
      )}
    >
      {prefix ? (
        <span aria-hidden className="shrink-0 text-base text-muted">
          {prefix}
        </span>
      ) : null}
      <input type={type} {...wired} className="h-full min-w-0 flex-1 bg-transparent text-base text-ink outline-none placeholder:text-muted disabled:cursor-not-allowed" />
      {suffix ? <span className="-me-2 flex shrink-0 items-center">{suffix}</span> : null}
    </div>
  );
}
