import { SlidersHorizontal, X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { pluralize } from "@/lib/rating";
import { useDebouncedCallback } from "@/lib/use-debounced-callback";
import { AREA_UNITS, CURRENCIES } from "@/lib/vocab";
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  SORT_OPTIONS,
  TYPE_OPTIONS,
  hasRentRange,
  readFilterNumber,
  rentRangeError,
  type AreaUnit,
  type SearchState,
  type SortBy,
} from "../search-params";

/** How long typing in a rent or area box must pause before the search runs, in milliseconds. */
export const NUMBER_DEBOUNCE_MS = 700;

/** UpdateSearch writes a new state into the URL (a new history entry unless `replace`). */
export type UpdateSearch = (next: (prev: SearchState) => SearchState, replace?: boolean) => void;

interface FilterProps {
  state: SearchState;
  update: UpdateSearch;
}

/** shownNumber is how a box shows a bound: empty when open. */
const shownNumber = (n: number) => (n > 0 ? String(n) : "");

/**
 * useNumberDrafts keeps what is typed in number boxes ahead of the URL, as the search text does:
 * the typed text stays while the URL holds the number it reads as, and a change from outside
 * (Clear, the back button, a link) shows the URL's numbers and hides the messages. Messages show
 * once the user tries to apply the boxes (leaving one, Enter, a pause in typing).
 */
function useNumberDrafts(values: readonly number[]) {
  const key = values.join("/");
  const [drafts, setDrafts] = useState(() => values.map(shownNumber));
  const [seen, setSeen] = useState(key);
  const [checked, setChecked] = useState(false);
  if (key !== seen) {
    setSeen(key);
    setDrafts((prev) => prev.map((text, i) => (readFilterNumber(text).value === values[i] ? text : shownNumber(values[i]))));
    setChecked(false);
  }
  const setDraft = (index: number, text: string) => setDrafts((prev) => prev.map((d, i) => (i === index ? text : d)));
  return { drafts, setDraft, checked, setChecked };
}

/** NumberBox is a rent or area box: whole numbers typed as text, so the page reads exactly what was typed. */
function NumberBox({
  id,
  label,
  placeholder,
  value,
  invalid,
  errorId,
  onChange,
  onApply,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  invalid: boolean;
  errorId: string;
  onChange: (text: string) => void;
  onApply: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter applies this filter (not the search form's text).
    event.preventDefault();
    onApply();
  };
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="input filter-range__input"
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onApply}
      />
    </>
  );
}

/**
 * RentFilter is the monthly rent range: a minimum, a maximum and their currency. Typed bounds
 * apply on leaving a box, on Enter, or when typing pauses; a minimum above the maximum or a
 * number that is not whole is said and not applied (the server refuses both).
 */
export function RentFilter({ state, update }: FilterProps) {
  const id = useId();
  const { drafts, setDraft, checked, setChecked } = useNumberDrafts([state.minRent, state.maxRent]);
  const min = readFilterNumber(drafts[0]);
  const max = readFilterNumber(drafts[1]);
  const range = min.value !== undefined && max.value !== undefined ? rentRangeError(min.value, max.value) : undefined;
  const message = checked ? (min.error ?? max.error ?? range) : undefined;
  const errorId = `${id}-error`;

  /** apply writes the typed range into the URL, unless it is wrong or what the URL has. */
  const apply = (replace: boolean) => {
    setChecked(true);
    const minRent = min.value;
    const maxRent = max.value;
    if (minRent === undefined || maxRent === undefined || range) return;
    if (minRent === state.minRent && maxRent === state.maxRent) return;
    update((prev) => ({ ...prev, minRent, maxRent, page: 1 }), replace);
  };
  const typing = useDebouncedCallback(() => apply(true), NUMBER_DEBOUNCE_MS);
  /** applyNow applies at once, dropping a search still waiting for typing to pause. */
  const applyNow = () => {
    typing.cancel();
    apply(false);
  };
  const onChange = (index: number) => (text: string) => {
    setDraft(index, text);
    typing.schedule();
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="filter-range">
      <div className="filter-range__row">
        <span id={`${id}-label`} className="filter-range__label">
          Monthly rent
        </span>
        <NumberBox
          id={`${id}-min`}
          label="Minimum rent"
          placeholder="No min"
          value={drafts[0]}
          invalid={Boolean(checked && (min.error || range))}
          errorId={errorId}
          onChange={onChange(0)}
          onApply={applyNow}
        />
        <span aria-hidden="true" className="filter-range__to">
          to
        </span>
        <NumberBox
          id={`${id}-max`}
          label="Maximum rent"
          placeholder="No max"
          value={drafts[1]}
          invalid={Boolean(checked && (max.error || range))}
          errorId={errorId}
          onChange={onChange(1)}
          onApply={applyNow}
        />
        <label htmlFor={`${id}-currency`} className="visually-hidden">
          Currency
        </label>
        <select
          id={`${id}-currency`}
          className="select"
          value={state.currency}
          onChange={(event) => {
            const currency = event.target.value;
            update((prev) => ({ ...prev, currency, page: hasRentRange(prev) ? 1 : prev.page }));
          }}
        >
          {CURRENCIES.terms.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <p id={errorId} className="field__error filter-range__error" aria-live="polite">
        {message}
      </p>
    </div>
  );
}

/** AreaFilter is the floor area at least N, in square feet or square metres; typed like the rent. */
export function AreaFilter({ state, update }: FilterProps) {
  const id = useId();
  const { drafts, setDraft, checked, setChecked } = useNumberDrafts([state.minArea]);
  const area = readFilterNumber(drafts[0]);
  const message = checked ? area.error : undefined;
  const errorId = `${id}-error`;

  const apply = (replace: boolean) => {
    setChecked(true);
    const minArea = area.value;
    if (minArea === undefined || minArea === state.minArea) return;
    update((prev) => ({ ...prev, minArea, page: 1 }), replace);
  };
  const typing = useDebouncedCallback(() => apply(true), NUMBER_DEBOUNCE_MS);
  const applyNow = () => {
    typing.cancel();
    apply(false);
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="filter-range">
      <div className="filter-range__row">
        <span id={`${id}-label`} className="filter-range__label">
          Area at least
        </span>
        <NumberBox
          id={`${id}-min`}
          label="Minimum area"
          placeholder="Any"
          value={drafts[0]}
          invalid={Boolean(message)}
          errorId={errorId}
          onChange={(text) => {
            setDraft(0, text);
            typing.schedule();
          }}
          onApply={applyNow}
        />
        <label htmlFor={`${id}-unit`} className="visually-hidden">
          Area unit
        </label>
        <select
          id={`${id}-unit`}
          className="select"
          value={state.areaUnit}
          onChange={(event) => {
            const areaUnit = event.target.value as AreaUnit;
            update((prev) => ({ ...prev, areaUnit, page: prev.minArea > 0 ? 1 : prev.page }));
          }}
        >
          {AREA_UNITS.terms.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <p id={errorId} className="field__error filter-range__error" aria-live="polite">
        {message}
      </p>
    </div>
  );
}

/** AtLeastSelect chooses "at least N" of something: Any, 1+, 2+, … */
function AtLeastSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly number[];
  value: number;
  onChange: (n: number) => void;
}) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? "Any" : `${n}+`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** RoomFilters are bedrooms and bathrooms at least N, and the pets, furnished and verified-reviews checkboxes. */
export function RoomFilters({ state, update }: FilterProps) {
  return (
    <>
      <AtLeastSelect
        label="Bedrooms"
        options={BEDROOM_OPTIONS}
        value={state.minBedrooms}
        onChange={(minBedrooms) => update((prev) => ({ ...prev, minBedrooms, page: 1 }))}
      />
      <AtLeastSelect
        label="Bathrooms"
        options={BATHROOM_OPTIONS}
        value={state.minBathrooms}
        onChange={(minBathrooms) => update((prev) => ({ ...prev, minBathrooms, page: 1 }))}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={state.petsAllowed}
          onChange={(event) => {
            const petsAllowed = event.target.checked;
            update((prev) => ({ ...prev, petsAllowed, page: 1 }));
          }}
        />
        Pets allowed
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={state.furnished}
          onChange={(event) => {
            const furnished = event.target.checked;
            update((prev) => ({ ...prev, furnished, page: 1 }));
          }}
        />
        Furnished
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={state.verifiedReviews}
          onChange={(event) => {
            const verifiedReviews = event.target.checked;
            update((prev) => ({ ...prev, verifiedReviews, page: 1 }));
          }}
        />
        Has verified reviews
      </label>
    </>
  );
}

/** TypeFilter is the property type select: all, or one type of the contract's vocabulary. */
export function TypeFilter({ state, update }: FilterProps) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Property type</label>
      <select
        id={id}
        className="select"
        value={state.propertyType}
        onChange={(event) => {
          const propertyType = event.target.value;
          update((prev) => ({ ...prev, propertyType, page: 1 }));
        }}
      >
        {TYPE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** VerifiedFilter is SPEC's Verified Only checkbox. */
export function VerifiedFilter({ state, update }: FilterProps) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={state.verified}
        onChange={(event) => {
          const verified = event.target.checked;
          update((prev) => ({ ...prev, verified, page: 1 }));
        }}
      />
      Verified Only
    </label>
  );
}

/** SortSelect is the sort order: SPEC's four and the price sorts; a new order starts at page 1. */
export function SortSelect({ state, update }: FilterProps) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        className="select"
        value={state.sortBy}
        onChange={(event) => {
          const sortBy = event.target.value as SortBy;
          update((prev) => ({ ...prev, sortBy, page: 1 }));
        }}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FilterPanelProps extends FilterProps {
  /** How many filters narrow the results (the Filters button and the line beside Clear say it). */
  count: number;
  /** Clears every filter (and whatever is typed in the search's own boxes). */
  onClear: () => void;
  /** Counts the clears: a new value starts the rent and area boxes afresh, whatever was typed in them and not applied. */
  clears: number;
}

/**
 * FilterPanel is every filter and the sort of a search (Find Properties, a location page): on a
 * wide screen a bar, on a phone a panel behind a Filters button that counts the active filters,
 * closed by Show results. Clear, shown when a filter is active, clears them all.
 */
export function FilterPanel({ state, update, count, onClear, clears }: FilterPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="filters-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal aria-hidden="true" size={16} /> Filters
        {/* The spaces are for the name: "Filters 2 active", not "Filters2active". */}
        {count > 0 ? " " : null}
        {count > 0 ? (
          <span className="filters-toggle__count">
            {count} <span className="visually-hidden">active</span>
          </span>
        ) : null}
      </Button>

      <div id={id} className={open ? "search-filters search-filters--open" : "search-filters"}>
        <TypeFilter state={state} update={update} />
        <VerifiedFilter state={state} update={update} />
        <RentFilter key={`rent-${clears}`} state={state} update={update} />
        <RoomFilters state={state} update={update} />
        <AreaFilter key={`area-${clears}`} state={state} update={update} />
        <SortSelect state={state} update={update} />

        {count > 0 ? (
          <div className="search-filters__clear">
            <span className="search-filters__count">{pluralize(count, "filter")} active</span>
            <Button variant="ghost" onClick={onClear}>
              <X aria-hidden="true" size={16} /> Clear
            </Button>
          </div>
        ) : null}

        <Button variant="primary" className="search-filters__done" onClick={() => setOpen(false)}>
          Show results
        </Button>
      </div>
    </>
  );
}
