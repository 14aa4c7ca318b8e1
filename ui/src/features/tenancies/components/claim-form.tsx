import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { errorMessage } from "@/lib/errors";
import { fullAddress } from "@/lib/property";
import { MONTH_NAMES } from "@/lib/tenancy";
import { charCount } from "@/lib/text";
import { useDebouncedCallback } from "@/lib/use-debounced-callback";
import { useClaimProperty, useClaimTenancy, usePropertyChoices } from "../api/use-tenancies";
import { CLAIM_MESSAGE_LIMITS, claimSchema, yearMonth, type ClaimValues } from "../schemas";

/** How many years back the year pickers go. */
const YEARS_BACK = 60;

interface ClaimFormProps {
  /** The property a link named (`?claim=`), chosen already; 0 for none. */
  propertyId: number;
  /** Called once the claim is filed. */
  onDone: () => void;
}

/**
 * ClaimForm files a tenancy claim: the property (found by search, or the one a link named), the
 * month and year moved in, the month and year moved out or "I still live there", and an optional
 * note for the owner and the administrators. The server's refusal is shown beside the form.
 */
export function ClaimForm({ propertyId, onDone }: ClaimFormProps) {
  const { control, handleSubmit, register } = useForm<ClaimValues>({
    resolver: zodResolver(claimSchema),
    defaultValues: {
      propertyId: propertyId > 0 ? String(propertyId) : "",
      fromMonth: "",
      fromYear: "",
      stillThere: false,
      toMonth: "",
      toYear: "",
      message: "",
    },
    mode: "onChange",
  });
  const [stillThere, message] = useWatch({ control, name: ["stillThere", "message"] });
  const claim = useClaimTenancy();
  const stillId = useId();

  const onValid = (v: ClaimValues) =>
    claim.mutate(
      {
        propertyId: Number(v.propertyId),
        fromMonth: yearMonth(v.fromYear, v.fromMonth),
        toMonth: v.stillThere ? "" : yearMonth(v.toYear, v.toMonth),
        message: v.message.trim(),
      },
      { onSuccess: onDone },
    );

  return (
    <form className="tenancy-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Claim a tenancy">
      <PropertyPicker control={control} prefilled={propertyId} />
      <fieldset className="tenancy-form__period">
        <legend className="field__label">Moved in</legend>
        <MonthYear control={control} month="fromMonth" year="fromYear" />
      </fieldset>
      <fieldset className="tenancy-form__period">
        <legend className="field__label">Moved out</legend>
        <div className="tenancy-form__check">
          <input id={stillId} type="checkbox" {...register("stillThere")} />
          <label htmlFor={stillId}>I still live there</label>
        </div>
        {stillThere ? null : <MonthYear control={control} month="toMonth" year="toYear" />}
      </fieldset>
      <FormField
        control={control}
        name="message"
        label="Message"
        optional
        hint={`For the landlord and our administrators. ${charCount(message.trim())}/${CLAIM_MESSAGE_LIMITS.maxChars}`}
      >
        {(props) => <textarea {...props} className="textarea" rows={3} placeholder="Which flat, or anything that helps confirm your stay" />}
      </FormField>
      {claim.error ? (
        <p className="field__error" role="alert">
          {errorMessage(claim.error) || "The tenancy could not be claimed."}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={claim.isPending} aria-busy={claim.isPending || undefined}>
          {claim.isPending ? "Claiming..." : "Claim tenancy"}
        </Button>
      </div>
    </form>
  );
}

type Control = ReturnType<typeof useForm<ClaimValues>>["control"];

/** MonthYear is a month picker and a year picker (this year back YEARS_BACK years). */
function MonthYear({ control, month, year }: { control: Control; month: "fromMonth" | "toMonth"; year: "fromYear" | "toYear" }) {
  const thisYear = new Date().getFullYear();
  return (
    <div className="tenancy-form__month-year">
      <FormField control={control} name={month} label="Month">
        {(props) => (
          <select {...props} className="select">
            <option value="">Month</option>
            {MONTH_NAMES.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField control={control} name={year} label="Year">
        {(props) => (
          <select {...props} className="select">
            <option value="">Year</option>
            {Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(thisYear - i)).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}

/**
 * PropertyPicker finds the property by text (title, address or city) as the member types and
 * offers the first matches as radios; a property a link named is offered, chosen, first.
 */
function PropertyPicker({ control, prefilled }: { control: Control; prefilled: number }) {
  const searchId = useId();
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const debounced = useDebouncedCallback((q: string) => setQuery(q.trim()), 300);
  const named = useClaimProperty(prefilled);
  const found = usePropertyChoices(query);
  const choices: Property[] = [];
  for (const p of [named.data?.property, ...(query ? (found.data?.properties ?? []) : [])]) {
    if (p && !choices.some((c) => c.id === p.id)) choices.push(p);
  }
  return (
    <div className="tenancy-form__property">
      <div className="field">
        <label htmlFor={searchId} className="field__label">
          Find the property
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          value={typed}
          autoComplete="off"
          aria-describedby={`${searchId}-hint`}
          onChange={(e) => {
            setTyped(e.target.value);
            debounced.schedule(e.target.value);
          }}
          onKeyDown={(e) => {
            // Enter searches at once rather than sending the claim.
            if (e.key === "Enter") {
              e.preventDefault();
              debounced.cancel();
              setQuery(typed.trim());
            }
          }}
        />
        <p id={`${searchId}-hint`} className="field__hint">
          Search by title, address or city.
        </p>
      </div>
      <p className="muted tenancy-form__search-state" aria-live="polite">
        {query && found.isFetching ? (
          <Spinner size="sm" label="Searching properties" />
        ) : query && found.error ? (
          errorMessage(found.error) || "The search failed."
        ) : query && found.data && found.data.properties.length === 0 ? (
          `No property matches “${query}”.`
        ) : named.error ? (
          errorMessage(named.error) || "The property could not be loaded."
        ) : null}
      </p>
      <FormField control={control} name="propertyId" label="Property" group className="tenancy-form__choices">
        {(_props, field) =>
          choices.length === 0 ? (
            <p className="muted">{named.isLoading ? "Loading the property…" : "Search above, then choose the property here."}</p>
          ) : (
            choices.map((p, i) => {
              const id = `${searchId}-p${p.id}`;
              return (
                <div key={p.id} className="tenancy-form__choice">
                  <input
                    id={id}
                    type="radio"
                    name={field.name}
                    value={String(p.id)}
                    checked={field.value === String(p.id)}
                    onChange={() => field.onChange(String(p.id))}
                    onBlur={field.onBlur}
                    ref={i === 0 ? field.ref : undefined}
                  />
                  <label htmlFor={id}>
                    <strong dir="auto">{p.title}</strong> <span className="muted">{fullAddress(p)}</span>
                  </label>
                </div>
              );
            })
          )
        }
      </FormField>
    </div>
  );
}
