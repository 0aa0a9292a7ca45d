import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { controlClasses, useFieldControlProps } from './field.tsx';

/**
 * Native input props without `type`. `min` / `max` take `YYYY-MM-DD` (e.g. `max={todayIso()}` for a
 * date of birth); they keep the native `string | number` type so that react-hook-form's
 * `register()` result, which carries optional min/max, spreads onto the input.
 */
export type DateInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** Today's date as `YYYY-MM-DD` in the user's time zone: a handy `max` for dates of birth. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A calendar date as a native `<input type="date">`: the OS date picker on phones, the browser's
 * localised format on screen, and always `YYYY-MM-DD` as its value (what the API expects). Place
 * it in a Field; `register()` spreads onto it.
 *
 * @example
 * <Field label={t('personal.dateOfBirth')} error={dobError} required>
 *   <DateInput max={todayIso()} min="1900-01-01" autoComplete="bday" {...register('dateOfBirth')} />
 * </Field>
 */
export function DateInput({ className, ...props }: DateInputProps) {
  const wired = useFieldControlProps(props);
  return <input type="date" {...wired} className={cn(controlClasses, 'kitv:appearance-none', className)} />;
}
