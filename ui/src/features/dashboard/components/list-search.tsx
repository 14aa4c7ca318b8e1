import { Search, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useDebouncedCallback } from "@/lib/use-debounced-callback";

interface ListSearchProps {
  /** The search the box starts with (give the box a new key to start it again, as Clear Search does). */
  initial: string;
  onSearch: (query: string) => void;
  /** The box's accessible name and the form's. */
  label: string;
  placeholder: string;
}

/** The most a search may hold (the contract's max_chars for both dashboard searches). */
const MAX_QUERY = 100;

/**
 * ListSearch is a dashboard list's search box: it searches once typing pauses, or at once on
 * Enter or Search; the clear button empties it.
 */
export function ListSearch({ initial, onSearch, label, placeholder }: ListSearchProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const debounced = useDebouncedCallback((q: string) => onSearch(q.trim()), 300);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    debounced.cancel();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={label} className="search-box search-box--flat dashboard-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className="search-box__icon" aria-hidden="true" size={20} />
      <input
        id={id}
        type="search"
        className="search-box__input"
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          debounced.schedule(event.target.value);
        }}
      />
      {text ? (
        <button
          type="button"
          className="search-box__clear"
          aria-label="Clear search text"
          onClick={() => {
            debounced.cancel();
            setText("");
            onSearch("");
          }}
        >
          <X aria-hidden="true" size={18} />
        </button>
      ) : null}
      <Button type="submit" variant="outline">
        Search
      </Button>
    </form>
  );
}
