import { Search } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useId, useState, type ReactNode, type Ref } from "react";
import type { PotentialVerifier } from "@/gen/rentproof/verification/v1/verification_pb";
import { errorMessage } from "@/lib/errors";
import { useDebouncedCallback } from "@/lib/use-debounced-callback";
import { usePotentialVerifiers } from "../api/use-potential-verifiers";
import { VERIFICATION_LIMITS, VERIFIER_ROLE_VALUES, roleLabel, rolePlural } from "../verification";

/** How long typing pauses before the search is asked. */
const SEARCH_DELAY_MS = 250;

interface VerifierSearchProps {
  /** The role of the accounts listed. */
  role: string;
  /** The search box's label. */
  label: string;
  /** The list's accessible name. */
  listLabel: string;
  /** Renders one account of the list (a choice, an Add button). */
  renderItem: (verifier: PotentialVerifier) => ReactNode;
  /** What an empty search with no accounts at all says. */
  emptyText: string;
  /** The search box, for a form that focuses it (a choice is missing). */
  inputRef?: Ref<HTMLInputElement>;
  /**
   * The accounts listed, in a sentence ("tenants"), when the role may be chosen: a search that
   * finds nothing says which role it searched.
   */
  roleName?: string;
}

/**
 * VerifierSearch is a username search box over the potential verifiers of a role and the list
 * of what it finds (SPEC §2): "Loading users..." while it asks, "No users found matching" when
 * nothing does. The search waits for typing to pause; the list keeps its last answer meanwhile.
 */
export function VerifierSearch({ role, label, listLabel, renderItem, emptyText, inputRef, roleName }: VerifierSearchProps) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const debounced = useDebouncedCallback(setTerm, SEARCH_DELAY_MS);
  const result = usePotentialVerifiers(role, term);
  const verifiers = result.data?.verifiers ?? [];
  const searched = term.trim();

  let status: ReactNode = null;
  if (result.isFetching) status = "Loading users...";
  else if (result.isError) status = errorMessage(result.error) || "Failed to load users. Please try again.";
  else if (verifiers.length === 0 && searched)
    status = roleName ? `No users found matching "${searched}" among ${roleName}.` : `No users found matching "${searched}"`;
  else if (verifiers.length === 0) status = emptyText;
  else if (result.data?.hasMore) status = "More users match: type more of a username to narrow the list.";

  return (
    <div className="verifier-search">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className="verifier-search__box">
        <Search aria-hidden="true" size={18} className="verifier-search__icon" />
        <input
          id={inputId}
          ref={inputRef}
          type="search"
          className="input verifier-search__input"
          placeholder="Enter username to search..."
          autoComplete="off"
          maxLength={VERIFICATION_LIMITS.query.maxChars || undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            debounced.schedule(e.target.value);
          }}
          onKeyDown={(e) => {
            // Enter searches at once and never submits the surrounding form.
            if (e.key === "Enter") {
              e.preventDefault();
              debounced.cancel();
              setTerm(text);
            }
          }}
        />
      </div>
      <p className="verifier-search__status" role="status">
        {status}
      </p>
      {verifiers.length > 0 ? (
        <ul className="verifier-search__results" aria-label={listLabel} aria-busy={result.isFetching || undefined}>
          {verifiers.map((v) => (
            <li key={v.id}>{renderItem(v)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** VerifierName is an account's username and role, read as "lars_lind Landlord". */
export function VerifierName({ verifier }: { verifier: Pick<PotentialVerifier, "username" | "role"> }) {
  return (
    <>
      <span className="verifier-option__name">{verifier.username}</span>{" "}
      <span className="verifier-option__role">{roleLabel(verifier.role)}</span>
    </>
  );
}

interface VerifierRoleChoiceProps {
  /** The role searched. */
  value: string;
  onChange: (role: string) => void;
  /** The group's label. */
  label: string;
  /** What the choice is for, under the label. */
  hint?: string;
}

/**
 * VerifierRoleChoice chooses the role a verifier search lists, among the contract's verifier
 * roles: a radio group (Radix), one stop in the tab order, arrows move between the roles.
 */
export function VerifierRoleChoice({ value, onChange, label, hint }: VerifierRoleChoiceProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="verifier-roles">
      <span id={labelId} className="field__label">
        {label}
      </span>
      {hint ? (
        <p id={hintId} className="verifier-roles__hint">
          {hint}
        </p>
      ) : null}
      <RadioGroup.Root
        className="verifier-roles__group"
        value={value}
        onValueChange={onChange}
        orientation="horizontal"
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
      >
        {VERIFIER_ROLE_VALUES.map((role) => (
          <RadioGroup.Item key={role} value={role} className="verifier-roles__item">
            {rolePlural(role)}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
