import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';

/** What a text field, select or date input spreads (the shape of react-hook-form's register()). */
export interface FieldRegistration<N extends string = string> {
  name: N;
  ref: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  onChange: (event: { target: EventTarget | null }) => void;
  onBlur: () => void;
}

/** The outcome of validating the values: the parsed output, or one message code per field. */
export type Validation<V, Out> = { values: Out; errors?: undefined } | { values?: undefined; errors: Partial<Record<keyof V & string, string>> };

/** Puts a value into a field's element (the form's values live there, as typed); a function, since the hooks lint reads a direct write to an element kept in a ref as a render-time mutation. */
function writeValue(element: HTMLInputElement | HTMLSelectElement, value: string): void {
  element.value = value;
}

export interface SmallForm<V extends Record<string, string>, Out> {
  register: (name: keyof V & string) => FieldRegistration<keyof V & string>;
  getValues: () => V;
  /** The current value of a field named in `watch` (the form renders again when it changes). */
  watched: (name: keyof V & string) => string;
  errors: Partial<Record<keyof V & string, string>>;
  isSubmitting: boolean;
  isSubmitted: boolean;
  /** Puts a message code on a field (a server's refusal), focusing it if asked; react-hook-form's shape, so showSubmitError takes either. */
  setError: (name: keyof V & string, error: { message: string }, options?: { shouldFocus?: boolean }) => void;
  /** Moves the focus to a field (react-hook-form's name). */
  setFocus: (name: keyof V & string) => void;
  /** Validates again and updates the errors of these fields only (the same function on every render). */
  trigger: (...names: (keyof V & string)[]) => Promise<void>;
  /** Back to these values, no errors, not submitted. */
  reset: (values: V) => void;
  /** The form's onSubmit: validates all, focuses the first field in error, else calls onValid with the parsed output. */
  handleSubmit: (onValid: (values: Out) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
}

/**
 * A form of plain text fields and selects, uncontrolled like react-hook-form (values live in the
 * elements, the form renders only when errors or watched fields change): the login page's form and
 * the personal-information form on a new user's first page (decision 033: react-hook-form is 11 KB
 * brotli that neither page otherwise needs).
 * Validated on submit, then again on each change (the changed field's error only).
 * `fields` is the order fields are focused in when several are in error. `validate`, `fields` and
 * `watch` may change between renders: the handlers, made once per field, read the latest ones.
 */
export function useSmallForm<V extends Record<string, string>, Out>({
  defaultValues,
  fields,
  validate,
  watch = [],
}: {
  defaultValues: V;
  fields: readonly (keyof V & string)[];
  validate: (values: V) => Promise<Validation<V, Out>>;
  watch?: readonly (keyof V & string)[];
}): SmallForm<V, Out> {
  type Name = keyof V & string;
  const values = useRef<V>({ ...defaultValues });
  const elements = useRef(new Map<Name, HTMLInputElement | HTMLSelectElement>());
  const handlers = useRef(new Map<Name, FieldRegistration<Name>>());
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const submitted = useRef(false);
  const [watchedValues, setWatched] = useState(() => Object.fromEntries(watch.map((n) => [n, defaultValues[n]])) as Partial<V>);
  // The handlers below are made once per field (a stable ref callback, as react-hook-form's), so they
  // read the options of the latest render from here, never those of the render that made them.
  const latest = useRef({ validate, fields, watch });
  useLayoutEffect(() => {
    latest.current = { validate, fields, watch };
  });

  // A select gets its value once its options are there (the country list may arrive after it).
  useLayoutEffect(() => {
    for (const [name, element] of elements.current) {
      if (element.value !== values.current[name]) element.value = values.current[name];
    }
  });

  const focus = (name: Name) => elements.current.get(name)?.focus();
  const updateErrors = useCallback(
    async (names: readonly Name[]) => {
      const result = await latest.current.validate({ ...values.current });
      setErrors((current) => {
        const next = { ...current };
        for (const name of names) {
          const code = result.errors?.[name];
          if (code) next[name] = code;
          else delete next[name];
        }
        return next;
      });
    },
    [],
  );

  const trigger = useCallback((...names: Name[]) => updateErrors(names), [updateErrors]);

  const register = (name: Name): FieldRegistration<Name> => {
    let registration = handlers.current.get(name);
    if (!registration) {
      // One object per field, so the ref is called once, not on every render.
      registration = {
        name,
        ref: (element) => {
          if (!element) return void elements.current.delete(name);
          elements.current.set(name, element);
          element.value = values.current[name];
        },
        onChange: (event) => {
          values.current = { ...values.current, [name]: (event.target as HTMLInputElement).value };
          if (latest.current.watch.includes(name)) setWatched((w) => ({ ...w, [name]: values.current[name] }));
          if (submitted.current) void updateErrors([name]);
        },
        onBlur: () => undefined,
      };
      handlers.current.set(name, registration);
    }
    return registration;
  };

  return {
    register,
    getValues: () => ({ ...values.current }),
    watched: (name) => watchedValues[name] ?? values.current[name],
    errors,
    isSubmitting,
    isSubmitted,
    setError: (name, { message }, options) => {
      setErrors((current) => ({ ...current, [name]: message }));
      if (options?.shouldFocus) focus(name);
    },
    setFocus: focus,
    trigger,
    reset: (next) => {
      values.current = { ...next };
      for (const [name, element] of elements.current) writeValue(element, next[name]);
      setWatched(Object.fromEntries(latest.current.watch.map((n) => [n, next[n]])) as Partial<V>);
      setErrors({});
      submitted.current = false;
      setSubmitted(false);
    },
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitted(true);
      setSubmitting(true);
      try {
        const result = await latest.current.validate({ ...values.current });
        const found = result.errors;
        if (found) {
          setErrors(found);
          const first = latest.current.fields.find((name) => found[name]);
          if (first) focus(first);
          return;
        }
        setErrors({});
        await onValid(result.values as Out);
      } finally {
        setSubmitting(false);
      }
    },
  };
}
