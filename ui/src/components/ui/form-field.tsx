import { useId, type ChangeEvent, type ReactNode } from "react";
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";

/** FieldControlProps wire an input, select or textarea to its field: spread them on it. */
export interface FieldControlProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label: ReactNode;
  /**
   * The control is a set of radios or checkboxes: the field is a fieldset named by a
   * legend, and carries the invalid state and the message itself.
   */
  group?: boolean;
  /** Shown at the end of the label row, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** A lasting note under the control (a hint, a character counter), read after the label. */
  hint?: ReactNode;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  className?: string;
  /** Fields judged again when this one changes (a password's confirmation). */
  deps?: FieldPath<T>[];
  /**
   * Show the message as soon as the user has changed the field and left it, not only after
   * a submit attempt (the account forms). Off where a message appearing on leave would move
   * the submit button under the pointer between press and release.
   */
  showOnLeave?: boolean;
  /**
   * Renders the control. `props` suit a text input, select or textarea; `field` is the
   * field itself for other controls (its value, onChange with a value, onBlur, ref).
   */
  children: (props: FieldControlProps, field: ControllerRenderProps<T, N>) => ReactNode;
}

/**
 * FormField is the one field of every form: a label (or legend), the control, an
 * optional hint and the field's message. A message shows after a submit attempt (with
 * showOnLeave, also once the user has changed the field and left it; tabbing through
 * says nothing); from then on it follows every change. The message element stays in
 * the page as a polite live region, so a message that appears while the user types is
 * announced; the control points at it with aria-describedby only while there is one.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  group = false,
  labelAside,
  hint,
  optional = false,
  className,
  deps,
  showOnLeave = false,
  children,
}: FormFieldProps<T, N>) {
  const id = useId();
  const { field, fieldState, formState } = useController({ control, name, rules: deps ? { deps } : undefined });

  // isSubmitting turns on in the submit event itself, before the (asynchronous) validation
  // ends: the messages already known show at once, the rest when validation ends.
  const submitted = formState.isSubmitting || formState.isSubmitted;
  const shown = submitted || (showOnLeave && fieldState.isTouched);
  const error = shown ? fieldState.error?.message : undefined;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint !== undefined ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const aria = { "aria-invalid": error ? (true as const) : undefined, "aria-describedby": describedBy };

  // Touched (so shown, with showOnLeave) only once the user has changed the field and then left it.
  const wired: ControllerRenderProps<T, N> = {
    ...field,
    onBlur: () => {
      if (fieldState.isDirty) field.onBlur();
    },
  };
  const props: FieldControlProps = {
    id,
    name: field.name,
    value: (field.value as string | undefined) ?? "",
    onChange: wired.onChange,
    onBlur: wired.onBlur,
    ref: field.ref,
    ...(group ? {} : aria),
  };

  const labelText = (
    <>
      {label}
      {optional ? <span className="field__optional"> (optional)</span> : null}
    </>
  );
  const body = (
    <>
      {children(props, wired)}
      {hint !== undefined ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </>
  );
  if (group) {
    // A group keeps its own layout (className): it is a set of choices, not one control.
    return (
      <fieldset className={[className, error ? "field--invalid" : ""].filter(Boolean).join(" ") || undefined} {...aria}>
        <legend className="field__label">{labelText}</legend>
        {body}
      </fieldset>
    );
  }
  const classes = ["field", error ? "field--invalid" : "", className].filter(Boolean).join(" ");
  const labelElement = (
    <label htmlFor={id} className="field__label">
      {labelText}
    </label>
  );
  return (
    <div className={classes}>
      {labelAside ? (
        <div className="field__label-row">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {body}
    </div>
  );
}
