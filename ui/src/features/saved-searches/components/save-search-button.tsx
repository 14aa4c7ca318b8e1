import type { MessageInitShape } from "@bufbuild/protobuf";
import { useQuery } from "@connectrpc/connect-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, LogIn } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router-dom";
import { z } from "zod";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import type { SearchPropertiesRequestSchema } from "@/gen/rentproof/property/v1/property_pb";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";
import { useCreateSavedSearch } from "../api/use-saved-searches";

/** The longest name a saved search may have (the server's rule too). */
export const MAX_NAME_CHARS = 60;

/** The toast after saving. */
export const SEARCH_SAVED = "Search saved";

const schema = z.object({
  name: z.string().trim().min(1, "Give this search a name").max(MAX_NAME_CHARS, `The name can be at most ${MAX_NAME_CHARS} characters`),
});
type Values = z.infer<typeof schema>;

interface SaveSearchButtonProps {
  /** The search as the page runs it: SearchPropertiesRequest's fields (sort and page are ignored). */
  request: MessageInitShape<typeof SearchPropertiesRequestSchema>;
}

/**
 * suggestedName is a first name for the search: its typed place and words; "Homes in this map area"
 * for an area of the map alone, "My search" without either.
 */
export function suggestedName(request: SaveSearchButtonProps["request"]): string {
  const line = [request.query, request.city, request.zipCode].map((s) => s?.trim() ?? "").filter(Boolean).join(", ");
  return (line || (request.mapArea ? "Homes in this map area" : "My search")).slice(0, MAX_NAME_CHARS);
}

/**
 * SaveSearchButton saves the current search, with its filters, to the member's saved searches
 * (listed on /dashboard, each alerting its member when a new listing matches): a small dialog
 * asks for its name. A visitor is sent to sign in first, and comes back here after. The server
 * reads the search's place (a typed city, neighbourhood or postcode, the map view's searched area,
 * or both); a search with neither is refused with its message in the dialog.
 */
export function SaveSearchButton({ request }: SaveSearchButtonProps) {
  const location = useLocation();
  // The current user, as the header reads it (features do not import the auth feature).
  const me = useQuery(AccountService.method.getCurrentUser, {});
  const [open, setOpen] = useState(false);
  if (me.isPending) return null;
  if (!me.data?.user) {
    return (
      <Link to="/auth" state={{ from: location }} className={buttonClass("outline")}>
        <LogIn aria-hidden="true" size={18} /> Sign in to save this search
      </Link>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Save this search"
      description="We will tell you when a new listing matches it: in your notifications, and by email at most once a day."
      trigger={
        <Button variant="outline">
          <Bell aria-hidden="true" size={18} /> Save search
        </Button>
      }
    >
      <SaveSearchForm request={request} onSaved={() => setOpen(false)} />
    </Dialog>
  );
}

/** What the dialog says when the search asks for verified reviews, which a saved search leaves out. */
export const WITHOUT_VERIFIED_REVIEWS =
  "Alerts are for new listings, which have no reviews yet, so this saved search leaves out “Has verified reviews”.";

function SaveSearchForm({ request, onSaved }: SaveSearchButtonProps & { onSaved: () => void }) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: suggestedName(request) },
  });
  const create = useCreateSavedSearch();
  const onValid = (v: Values) =>
    create.mutate(
      {
        name: v.name.trim(),
        city: request.city ?? "",
        zipCode: request.zipCode ?? "",
        query: request.query ?? "",
        propertyType: request.propertyType === "all" ? "" : (request.propertyType ?? ""),
        verifiedOnly: request.verifiedOnly ?? false,
        currency: request.currency ?? "",
        minRent: request.minRent ?? 0,
        maxRent: request.maxRent ?? 0,
        minBedrooms: request.minBedrooms ?? 0,
        minBathrooms: request.minBathrooms ?? 0,
        petsAllowed: request.petsAllowed ?? false,
        furnished: request.furnished ?? false,
        minArea: request.minArea ?? 0,
        areaUnit: request.areaUnit ?? "",
        // The map view's "Search this area" (unset without one): the search keeps to it.
        mapArea: request.mapArea,
      },
      {
        onSuccess: () => {
          toast({ title: SEARCH_SAVED, description: "Find it and its alerts on your dashboard." });
          onSaved();
        },
      },
    );
  return (
    <form className="save-search-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Save this search">
      <FormField control={control} name="name" label="Name" hint={`Up to ${MAX_NAME_CHARS} characters`}>
        {(props) => <input {...props} className="input" maxLength={MAX_NAME_CHARS + 10} autoComplete="off" />}
      </FormField>
      {request.verifiedReviewsOnly ? (
        // Alerts are about new listings, and a new listing has no reviews yet: kept, the filter
        // would silence every alert, so the saved search leaves it out and says so.
        <p className="save-search-form__note">{WITHOUT_VERIFIED_REVIEWS}</p>
      ) : null}
      {create.error ? (
        <p className="field__error" role="alert">
          {errorMessage(create.error)}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
