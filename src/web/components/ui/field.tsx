import { createContext, type ReactNode, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';

/** What a Field tells the control inside it. */
export interface FieldControlContext {
  id: string;
  /** Ids of the hint and error paragraphs currently shown, for aria-describedby. */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldControlContext | null>(null);

/** The context of the enclosing Field, or null outside one. For custom controls placed in a Field. */
export function useFieldContext(): FieldControlContext | null {
  return useContext(FieldContext);
}

/** Joins id lists for aria-describedby, dropping empty parts. */
export function joinIds(...ids: (string | undefined | null | false)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * Merges the Field's wiring into a control's props: its id, aria-describedby (hint + error, plus
 * the control's own), aria-invalid and aria-required. Explicit props on the control win.
 * TextInput, Select and DateInput call this; a custom control inside a Field should too.
 */
export function useFieldControlProps<P extends { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling'; 'aria-required'?: boolean | 'true' | 'false' }>(
  props: P,
): P {
  const field = useFieldContext();
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': joinIds(field.describedBy, props['aria-describedby']),
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    'aria-required': props['aria-required'] ?? (field.required || undefined),
  };
}

export interface FieldProps {
  /** The visible label; it names the control for screen readers (label htmlFor=id). */
  label: ReactNode;
  /** Help text under the control (linked with aria-describedby). Hidden while an error shows. */
  hint?: ReactNode;
  /** A translated error message; sets aria-invalid on the control and links the message. */
  error?: ReactNode;
  /** Marks the control aria-required and the label with an asterisk (no native `required`, so no browser bubbles). */
  required?: boolean;
  /** Adds a translated "(optional)" after the label. */
  optional?: boolean;
  /** The control's id; generated when omitted. */
  id?: string;
  className?: string;
  /** One control: TextInput, Select, DateInput, or any control using useFieldControlProps. */
  children: ReactNode;
}

/**
 * A labelled form field: label, the control, a hint and an error, wired for assistive technology
 * (label for=id, aria-describedby → hint/error, aria-invalid when there is an error). Works with
 * react-hook-form: spread `register()` onto the control, pass the translated message as `error`.
 *
 * @example
 * <Field label={t('personal.firstName')} error={errors.firstName && validationMessage(t, errors.firstName.message!, t('personal.firstName'))} required>
 *   <TextInput autoComplete="given-name" {...register('firstName')} />
 * </Field>
 */
export function Field({ label, hint, error, required = false, optional = false, id, className, children }: FieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const controlId = id ?? `field-${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const showHint = !hasError && hint !== undefined && hint !== null && hint !== false && hint !== '';
  const context: FieldControlContext = {
    id: controlId,
    describedBy: joinIds(showHint && hintId, hasError && errorId),
    invalid: hasError,
    required,
  };
  return (
    <div className={cn('kit:flex kit:flex-col kit:gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden className="ms-0.5 text-danger">
            *
          </span>
        ) : null}
        {/* A real space, not a margin: it survives bidi reordering of mixed-direction text. */}
        {optional ? <span className="font-normal text-muted"> {t('ui.field.optional')}</span> : null}
      </label>
      <FieldContext.Provider value={context}>{children}</FieldContext.Provider>
      {showHint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Shared look of text-like controls (inputs, selects): 44 px tall, a comfortable touch target. */
export const controlClasses =
  'kit:h-11 kit:w-full kit:min-w-0 kit:rounded-btn kit:border kit:border-line-strong kit:bg-white kit:px-3 kit:text-base kit:text-ink kit:placeholder:text-muted kit:outline-none kit:transition-colors ' +
  'kit:hover:border-muted kit:focus:border-primary kit:focus-visible:focus-ring ' +
  'kit:disabled:cursor-not-allowed kit:disabled:bg-surface kit:disabled:text-muted kit:aria-[invalid=true]:border-danger';
