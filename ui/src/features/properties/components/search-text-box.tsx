import { Search, X } from "lucide-react";
import { useId } from "react";
import { LOCATION_PLACEHOLDER } from "@/components/location-search/location-search";
import { Button } from "@/components/ui/button";

interface SearchTextBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Empties the box (its × button, shown while it has text). */
  onClear: () => void;
  onBlur?: () => void;
}

/**
 * SearchTextBox is the typed line of a search (Find Properties, a location page): a city,
 * neighbourhood or postal code and other words, with a clear button and the form's Search button.
 */
export function SearchTextBox({ value, onChange, onClear, onBlur }: SearchTextBoxProps) {
  const id = useId();
  return (
    <div className="search-box search-box--flat">
      <label htmlFor={id} className="visually-hidden">
        City, neighborhood or postal code
      </label>
      <Search className="search-box__icon" aria-hidden="true" size={20} />
      <input
        id={id}
        type="search"
        className="search-box__input"
        placeholder={LOCATION_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {value ? (
        <button type="button" className="search-box__clear" aria-label="Clear search text" onClick={onClear}>
          <X aria-hidden="true" size={18} />
        </button>
      ) : null}
      <Button type="submit" className="search-box__submit">
        Search
      </Button>
    </div>
  );
}
