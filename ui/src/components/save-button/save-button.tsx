import type { DescMethodUnary } from "@bufbuild/protobuf";
import { Code, type ConnectError } from "@connectrpc/connect";
import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { Heart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { errorMessage } from "@/lib/errors";
import "./save-button.css";

/** The lists whose properties carry the saved flag: saving or unsaving refreshes them. */
const SAVED_FLAG_METHODS: DescMethodUnary[] = [
  PropertyService.method.getProperty,
  PropertyService.method.batchGetProperties,
  PropertyService.method.searchProperties,
  PropertyService.method.listSimilarProperties,
  PropertyService.method.listSavedProperties,
  PropertyService.method.listMyProperties,
];

/** Why a visitor's Save sends them to /auth, shown there above the forms. */
export const SAVE_SIGN_IN_MESSAGE =
  "Sign in to save properties. Once you are signed in, you come back here and the property is saved.";

/**
 * The state a visitor's Save leaves on its page for their return from /auth: the property to save
 * then. Saves already made for a return (its history entry's key) are kept here, so two buttons
 * of one property, or an effect run twice, save once.
 */
interface SaveOnReturn {
  saveOnReturn: number;
}
const savedOnReturn = new Set<string>();

interface SaveButtonProps {
  /** The property: its id, and whether the signed-in caller saved it (from the list it came in). */
  property: { id: number; saved: boolean };
  /** card: a round heart over a card's picture; page: an outline button with a word, beside Share. */
  variant?: "card" | "page";
  /** The id of the element that names the property (a card's title), read after the button's name. */
  describedBy?: string;
}

/**
 * SaveButton is the heart that keeps a property in the signed-in user's saved list (issue 15):
 * a toggle (aria-pressed) named "Save property" or "Remove from saved". It turns at once and
 * turns back, with a toast, when the server refuses; then every list with the saved flag is
 * refreshed. Signed out, it leads to /auth, which says why, and back: once signed in, the visitor
 * returns to the page and the property is saved (SPEC: protected actions send visitors there).
 * It reads the cached current user (the header's query), so a card adds no request.
 */
export function SaveButton({ property, variant = "card", describedBy }: SaveButtonProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: session, isPending: sessionPending } = useQuery(AccountService.method.getCurrentUser, {});
  // The state shown while a change is on its way; null: the property's own flag.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? property.saved;
  // Which change is the latest: a refresh that ends after a newer change started leaves its state.
  const changes = useRef(0);

  const refresh = () =>
    Promise.all(
      SAVED_FLAG_METHODS.map((schema) =>
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) }),
      ),
    );
  const signIn = () => {
    const back: SaveOnReturn = { saveOnReturn: property.id };
    void navigate("/auth", { state: { from: { ...location, state: back }, message: SAVE_SIGN_IN_MESSAGE } });
  };
  const onError = (err: ConnectError, wanted: boolean) => {
    setPending(null);
    if (err.code === Code.Unauthenticated) {
      signIn();
      return;
    }
    toast({
      title: wanted ? "Could not save property" : "Could not remove from saved",
      description: errorMessage(err) || "Please try again.",
      variant: "destructive",
    });
  };
  // The lists refresh after the server answered, without holding the button: the next press
  // may start while they load, and the shown state stays the latest change's until they have.
  const settle = () => {
    const change = changes.current;
    void refresh().then(() => {
      if (changes.current === change) setPending(null);
    });
  };
  const start = (wanted: boolean) => {
    changes.current += 1;
    setPending(wanted);
  };
  // The button turns as a change starts, and turns back if it fails.
  const save = useMutation(PropertyService.method.saveProperty, {
    onMutate: () => start(true),
    onError: (err) => onError(err, true),
    onSuccess: settle,
  });
  const unsave = useMutation(PropertyService.method.unsaveProperty, {
    onMutate: () => start(false),
    onError: (err) => onError(err, false),
    onSuccess: settle,
  });
  const busy = save.isPending || unsave.isPending;

  // Back from /auth, signed in: save what the visitor asked to save, once, and take the request
  // out of the history entry so that a reload or Back does not repeat it.
  const returned = (location.state as Partial<SaveOnReturn> | null)?.saveOnReturn === property.id;
  const signedIn = Boolean(session?.user);
  useEffect(() => {
    if (!returned || !signedIn || savedOnReturn.has(location.key)) return;
    savedOnReturn.add(location.key);
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
    if (!property.saved) save.mutate({ propertyId: property.id });
  }, [returned, signedIn, location, navigate, property.id, property.saved, save]);

  const toggle = () => {
    if (sessionPending) return; // who is signed in is not known yet
    if (!session?.user) {
      signIn();
      return;
    }
    if (busy) return; // one change at a time, in order: the server answers each before the next
    (saved ? unsave : save).mutate({ propertyId: property.id });
  };

  const label = saved ? "Remove from saved" : "Save property";
  return (
    <button
      type="button"
      className={variant === "page" ? buttonClass("outline", "md", "save-button save-button--page") : "save-button save-button--card"}
      aria-pressed={saved}
      aria-busy={busy}
      aria-label={label}
      aria-describedby={describedBy}
      onClick={toggle}
    >
      <Heart aria-hidden="true" size={variant === "card" ? 18 : 16} className="save-button__icon" />
      {variant === "page" ? <span aria-hidden="true">{saved ? "Saved" : "Save"}</span> : null}
    </button>
  );
}
