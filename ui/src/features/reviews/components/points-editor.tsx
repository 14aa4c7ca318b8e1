import { Plus, X } from "lucide-react";
import { useId, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { LIMITS } from "@/lib/vocab";

interface PointsEditorProps {
  /** "Pros" or "Cons": the legend; the entries are named "Pro 1", "Con 2"… */
  kind: "Pros" | "Cons";
  items: string[];
  onChange: (items: string[]) => void;
  placeholder: string;
  /** Each entry's message, by position (shown under it). */
  errors?: readonly (string | undefined)[];
}

/**
 * PointsEditor is an add/remove list of short entries (pros or cons). Enter in an entry
 * adds the next one instead of submitting the review; blank entries are dropped on submit.
 */
export function PointsEditor({ kind, items, onChange, placeholder, errors = [] }: PointsEditorProps) {
  const base = useId();
  const one = kind === "Pros" ? "pro" : "con";
  const One = kind === "Pros" ? "Pro" : "Con";
  const inputId = (i: number) => `${base}-${i}`;
  // The server keeps at most ten pros and ten cons (the contract's maxItems).
  const full = items.length >= (kind === "Pros" ? LIMITS.review.pros : LIMITS.review.cons).maxItems;

  const focus = (id: string) => document.getElementById(id)?.focus();

  // The list is rendered at once (flushSync) so that focus can move to the entry that follows.
  const add = () => {
    if (full) return;
    flushSync(() => onChange([...items, ""]));
    focus(inputId(items.length));
  };

  const remove = (i: number) => {
    const next = items.filter((_, j) => j !== i);
    flushSync(() => onChange(next));
    focus(next.length ? inputId(Math.min(i, next.length - 1)) : `${base}-add`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (!items[i].trim()) return;
    if (i < items.length - 1) focus(inputId(i + 1));
    else add();
  };

  return (
    <fieldset className="points-editor">
      <legend className="field__label">
        {kind} <span className="field__optional">(optional)</span>
      </legend>
      {items.length ? (
        <ul className="points-editor__list">
          {items.map((item, i) => (
            <li key={i}>
              <div className="points-editor__item">
                <input
                  id={inputId(i)}
                  className="input"
                  aria-label={`${One} ${i + 1}`}
                  aria-invalid={errors[i] ? true : undefined}
                  aria-describedby={errors[i] ? `${inputId(i)}-error` : undefined}
                  value={item}
                  placeholder={i === 0 ? placeholder : undefined}
                  onChange={(e) => onChange(items.map((v, j) => (j === i ? e.target.value : v)))}
                  onKeyDown={(e) => onKeyDown(e, i)}
                />
                <button
                  type="button"
                  className="points-editor__remove"
                  aria-label={`Remove ${one} ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <X aria-hidden="true" size={16} />
                </button>
              </div>
              {errors[i] ? (
                <p id={`${inputId(i)}-error`} className="field__error">
                  {errors[i]}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <button id={`${base}-add`} type="button" className="btn btn--outline btn--sm points-editor__add" onClick={add} disabled={full}>
        <Plus aria-hidden="true" size={16} /> Add {one}
      </button>
    </fieldset>
  );
}
