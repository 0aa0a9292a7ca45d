import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn.ts';
import { controlClasses, useFieldControlProps } from './field.tsx';

export interface TextInputProps extends ComponentProps<'input'> {
  /** Content inside the box before the text (e.g. a dial code "+44"); logical side, so RTL-safe. */
  prefix?: string;
  /** Content inside the box after the text (e.g. a unit or a show-password button). */
  suffix?: ReactNode;
}

/**
 * A single-line text input (any text-like `type`: text, email, tel, password, number…). Place it
 * in a Field for its label, hint and error wiring. `ref` and every native prop pass through, so
 * react-hook-form's `register()` spreads straight onto it.
 *
 * @example
 * <Field label={t('auth.email')} error={emailError}>
 *   <TextInput type="email" autoComplete="email" inputMode="email" {...register('email')} />
 * </Field>
 * <TextInput type="tel" prefix="+44" aria-label={t('personal.mobile')} {...register('mobile')} />
 */
export function TextInput({ className, prefix, suffix, type = 'text', ...props }: TextInputProps) {
  const wired = useFieldControlProps(props);
  if (!prefix && !suffix) return <input type={type} {...wired} className={cn(controlClasses, className)} />;
  return (
    <div className="relative flex w-full items-center">
      {prefix ? (
        <span aria-hidden className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-base text-muted">
          {prefix}
        </span>
      ) : null}
      <input type={type} {...wired} className={cn(controlClasses, prefix && 'ps-14', suffix ? 'pe-12' : null, className)} />
      {suffix ? <span className="absolute inset-y-0 end-0 flex items-center pe-1">{suffix}</span> : null}
    </div>
  );
}
