import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { controlClasses, useFieldControlProps } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentProps<'select'> {
  /** The choices; alternatively pass `<option>`/`<optgroup>` children. */
  options?: readonly SelectOption[];
  /**
   * A first, empty choice ("Select…") shown until the user picks one. It is selectable only as the
   * initial state (value ""), so a required schema rejects it.
   */
  placeholder?: string;
}

/**
 * A native `<select>`: best on phones (the OS picker), keyboard and screen-reader accessible for
 * free. Place it in a Field. Works with `register()` (uncontrolled) or value/onChange.
 *
 * @example
 * <Field label={t('personal.country')} error={countryError}>
 *   <Select placeholder={t('ui.select.placeholder')} options={countries.map((c) => ({ value: c.countryCode, label: c.name }))} {...register('country')} />
 * </Field>
 */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  const wired = useFieldControlProps(props);
  return (
    <div className="relative w-full">
      <select {...wired} className={cn(controlClasses, 'kitv:cursor-pointer kitv:appearance-none kitv:pe-10', className)}>
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute end-3 top-1/2 size-5 -translate-y-1/2 text-muted" />
    </div>
  );
}
