import { MapPin } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { locationSearchTarget } from "@/lib/postal-code";
import "./location-search.css";

/** The input's placeholder (SPEC §2 "Location search box"). */
export const LOCATION_PLACEHOLDER = "Enter a city, neighborhood, or ZIP/postal code";

/** The popular-search shortcuts offered under the box (SPEC §2). */
export const POPULAR_SEARCHES = ["10001", "90210", "SW1A 1AA", "M5V 2H1", "Downtown Apartments"] as const;

interface LocationSearchProps {
  /** Shortcuts under the box; SPEC's defaults when omitted, none with an empty list. */
  popular?: readonly string[];
  /** Text in the box at first. */
  initialValue?: string;
  className?: string;
}

/**
 * LocationSearch is the location search box (SPEC §2, §5): a postal code (US ZIP,
 * Canadian or UK) opens its location page; other text searches by city. A shortcut
 * searches its text as a free-text query instead.
 */
export function LocationSearch({ popular = POPULAR_SEARCHES, initialValue = "", className }: LocationSearchProps) {
  const navigate = useNavigate();
  const inputId = useId();
  const popularId = useId();
  const [text, setText] = useState(initialValue);

  // The box's own text, not the state's: the prerendered form is freed just before the app
  // hydrates it (src/start.tsx), and text typed in between is a change the state never saw.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = locationSearchTarget(String(new FormData(event.currentTarget).get("city") ?? ""), "submit");
    if (target) navigate(target);
  };

  return (
    <div className={["location-search", className].filter(Boolean).join(" ")}>
      {/* Sent by the browser itself when Enter comes before the app has taken the form over:
          Find Properties reads its city as the app would have (a postal code opens its location page). */}
      <form role="search" aria-label="Search properties by location" className="search-box" action="/find-properties" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          City, neighborhood, or ZIP/postal code
        </label>
        <MapPin className="search-box__icon" aria-hidden="true" size={20} />
        <input
          id={inputId}
          type="search"
          name="city"
          className="search-box__input"
          placeholder={LOCATION_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" className="search-box__submit">
          Search
        </Button>
      </form>
      {popular.length > 0 ? (
        <div className="location-search__popular">
          <span id={popularId} className="location-search__popular-label">
            Popular searches:
          </span>
          <ul aria-labelledby={popularId}>
            {popular.map((item) => (
              <li key={item}>
                <Link to={locationSearchTarget(item, "shortcut") ?? "/find-properties"} className="chip">
                  {item}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
