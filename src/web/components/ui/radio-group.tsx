import { type ChangeEvent, type FocusEventHandler, type ReactNode, type Ref, useId } from 'react';
import { cn } from './cn.ts';
import { joinIds } from './field.tsx';
import { CheckIcon } from './icons.tsx';

export interface RadioOption<V extends string = string> {
  value: V;
  label: ReactNode;
  /** A second line in the card (e.g. "Both sides required"). */
  description?: ReactNode;
  /** An icon or illustration shown at the card's start. */
  icon?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string = string> {
  /** The question, rendered as the group's legend. */
  legend: ReactNode;
  /** Visually hide the legend (it still names the group for screen readers). */
  hideLegend?: boolean;
  /** The radios' shared name (react-hook-form's register() provides it). */
  name: string;
  options: readonly RadioOption<V>[];
  /** Controlled value; omit it to leave the inputs uncontrolled (register()). */
  value?: V | null;
  defaultValue?: V;
  /** The native change handler, as register() supplies it. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Called with the chosen value: handy for controlled use. */
  onValueChange?: (value: V) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** register()'s ref; given to every radio, which react-hook-form supports for radio groups. */
  ref?: Ref<HTMLInputElement>;
  hint?: ReactNode;
  /** A translated error; sets aria-invalid on the group and links the message. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Grid columns from the `sm` breakpoint up (one column on phones). */
  columns?: 1 | 2 | 3;
  className?: string;
}

const COLUMNS = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/**
 * A radio group drawn as selectable cards: e.g. choosing a document type. Native radios inside a
 * fieldset, so arrow keys move the choice and screen readers say "radio, 2 of 4" for free; the
 * selected card gets a brand border and a tick. Works uncontrolled with register() or controlled
 * with value + onValueChange.
 *
 * @example
 * <RadioGroup legend={t('kyc.chooseDocument')} options={[
 *     { value: DocumentType.PASSPORT, label: t('kyc.doc.PASSPORT'), description: t('kyc.doc.photoPage') },
 *     { value: DocumentType.ID_CARD, label: t('kyc.doc.ID_CARD'), description: t('kyc.doc.bothSides') },
 *   ]} error={errors.documentType && t('validation.required', { name: t('kyc.documentType') })} {...register('documentType')} />
 */
export function RadioGroup<V extends string = string>({
  legend,
  hideLegend = false,
  name,
  options,
  value,
  defaultValue,
  onChange,
  onValueChange,
  onBlur,
  ref,
  hint,
  error,
  required = false,
  disabled = false,
  columns = 1,
  className,
}: RadioGroupProps<V>) {
  const base = `radio-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const showHint = !hasError && Boolean(hint);
  const controlled = value !== undefined;
  return (
    <fieldset
      role="radiogroup"
      aria-describedby={joinIds(showHint && `${base}-hint`, hasError && `${base}-error`)}
      aria-invalid={hasError || undefined}
      aria-required={required || undefined}
      disabled={disabled}
      className={cn('kit:m-0 kit:min-w-0 kit:border-0 kit:p-0', className)}
    >
      <legend className={cn('mb-2 p-0 text-sm font-medium text-ink', hideLegend && 'sr-only')}>{legend}</legend>
      <div className={cn('grid grid-cols-1 gap-3', COLUMNS[columns])}>
        {options.map((option, index) => {
          const id = `${base}-${index}`;
          const descriptionId = option.description ? `${id}-description` : undefined;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-4 transition-colors',
                // One border colour (no merging): the error's, else the usual one.
                hasError ? 'border-danger' : 'border-line-strong',
                'hover:border-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
                'has-[:focus-visible]:focus-ring',
                'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
              )}
            >
              {/* The native radio stays in the accessibility tree and tab order; the card is its label. */}
              <input
                ref={ref}
                type="radio"
                id={id}
                name={name}
                value={option.value}
                disabled={option.disabled}
                // Named by the label line only; the description is the description.
                aria-labelledby={`${id}-label`}
                aria-describedby={descriptionId}
                {...(controlled ? { checked: value === option.value } : defaultValue !== undefined ? { defaultChecked: defaultValue === option.value } : {})}
                onChange={(event) => {
                  onChange?.(event);
                  if (event.target.checked) onValueChange?.(option.value);
                }}
                onBlur={onBlur}
                className="peer sr-only"
              />
              {option.icon ? <span className="shrink-0 text-2xl text-ink">{option.icon}</span> : null}
              <span className="min-w-0 flex-1">
                <span id={`${id}-label`} className="block font-medium text-ink">
                  {option.label}
                </span>
                {option.description ? (
                  <span id={descriptionId} className="mt-0.5 block text-sm text-muted">
                    {option.description}
                  </span>
                ) : null}
              </span>
              <span
                aria-hidden
                className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-line-strong text-primary-fg peer-checked:border-primary peer-checked:bg-primary [&>svg]:invisible peer-checked:[&>svg]:visible"
              >
                <CheckIcon className="size-3.5" strokeWidth={3} />
              </span>
            </label>
          );
        })}
      </div>
      {showHint ? (
        <p id={`${base}-hint`} className="mt-2 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={`${base}-error`} className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
