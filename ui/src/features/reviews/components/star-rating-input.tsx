import { Star } from "lucide-react";
import { useState } from "react";
import { ratingLabel } from "@/lib/rating";

interface StarRatingInputProps {
  /** The radios' shared name (unique in the page). */
  name: string;
  value: number;
  onChange: (value: number) => void;
  /** Receives the first star, which takes focus when the rating is in error. */
  inputRef?: (element: HTMLInputElement | null) => void;
  /** The id of the field's message, when there is one. */
  errorId?: string;
  invalid?: boolean;
}

const STARS = [1, 2, 3, 4, 5];

/**
 * StarRatingInput is the review's rating: a radio group of five stars. Being native
 * radios, it takes Tab to enter, the arrow keys to move (and choose), and announces
 * "3 stars, radio, 3 of 5". Hovering a star previews it.
 */
export function StarRatingInput({ name, value, onChange, inputRef, errorId, invalid }: StarRatingInputProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset
      className="star-input"
      role="radiogroup"
      aria-describedby={errorId}
      aria-invalid={invalid || undefined}
      onMouseLeave={() => setHover(0)}
    >
      <legend className="field__label">Rating</legend>
      <div className="star-input__row">
        <div className="star-input__stars">
          {STARS.map((n) => (
            <label
              key={n}
              className={n <= shown ? "star-input__star star-input__star--on" : "star-input__star"}
              onMouseEnter={() => setHover(n)}
            >
              <input
                ref={n === 1 ? inputRef : undefined}
                type="radio"
                className="star-input__radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
              />
              <Star aria-hidden="true" size={28} />
              <span className="visually-hidden">{n === 1 ? "1 star" : `${n} stars`}</span>
            </label>
          ))}
        </div>
        <span className="star-input__text" aria-hidden="true">
          {shown ? `${shown} out of 5 · ${ratingLabel(shown)}` : "Choose a rating"}
        </span>
      </div>
    </fieldset>
  );
}
