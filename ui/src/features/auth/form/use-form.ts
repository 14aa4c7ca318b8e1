import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import type { FieldErrors } from "../validation";

/** FieldProps is what a text input or select needs from the form to be wired up. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  /** The message to show beside the field, or undefined while it is valid or not yet judged. */
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
}

/**
 * useForm keeps the values of a small form of text fields and judges them with
 * `validate`. A field's message shows once the user has changed and left it, or
 * after a submit attempt; from then on it follows every keystroke. A submit with
 * broken rules moves focus to the first field in error instead of calling onValid.
 */
export function useForm<T extends { [K in keyof T]: string }>(initial: T, validate: (values: T) => FieldErrors<T>) {
  const formId = useId();
  const [values, setValues] = useState<T>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [dirty, setDirty] = useState<Partial<Record<keyof T, boolean>>>({});
  const errors = useMemo(() => validate(values), [validate, values]);

  const idOf = (name: keyof T) => `${formId}-${String(name)}`;
  const shown = (name: keyof T) => (submitted || touched[name] ? errors[name] : undefined);

  const setValue = <K extends keyof T>(name: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setDirty((prev) => (prev[name] ? prev : { ...prev, [name]: true }));
  };

  const field = (name: keyof T): FieldProps => ({
    id: idOf(name),
    name: String(name),
    value: values[name],
    error: shown(name),
    onChange: (event) => setValue(name, event.target.value as T[keyof T]),
    onBlur: () => {
      if (dirty[name] && !touched[name]) setTouched((prev) => ({ ...prev, [name]: true }));
    },
  });

  const handleSubmit = (onValid: (values: T) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const broken = (Object.keys(initial) as (keyof T)[]).find((name) => errors[name]);
    if (broken !== undefined) {
      document.getElementById(idOf(broken))?.focus();
      return;
    }
    onValid(values);
  };

  const reset = (next: T = initial) => {
    setValues(next);
    setSubmitted(false);
    setTouched({});
    setDirty({});
  };

  return { values, errors, field, setValue, handleSubmit, reset };
}
