import type { Term } from "@/lib/vocab";
import type { FieldControlProps } from "./form-field";

interface VocabSelectProps extends FieldControlProps {
  /** The vocabulary offered: one of lib/vocab's, read from the contract. */
  vocabulary: { readonly terms: readonly Term[] };
  /** Offers only these of its values, in the vocabulary's order (all of them when absent). */
  only?: readonly string[];
  /** An empty first option ("Select a subject") for a choice that is not made yet. */
  placeholder?: string;
  className?: string;
}

/**
 * VocabSelect is a form's native select of a vocabulary's values, each shown by its label: wired
 * to its field by spreading FormField's props on it.
 */
export function VocabSelect({ vocabulary, only, placeholder, className = "select", ...props }: VocabSelectProps) {
  const terms = only ? vocabulary.terms.filter((t) => only.includes(t.value)) : vocabulary.terms;
  return (
    <select {...props} className={className}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {terms.map((t) => (
        <option key={t.value} value={t.value}>
          {t.label}
        </option>
      ))}
    </select>
  );
}
