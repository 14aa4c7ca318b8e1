import { Code } from "@connectrpc/connect";
import { skipToken, useQuery } from "@connectrpc/connect-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, FileQuestion, Lock, Plus, Send, ShieldCheck, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService, type Property } from "@/gen/rentproof/property/v1/property_pb";
import { errorTypeFromError, isCode } from "@/lib/errors";
import { fullAddress, verificationBadge, verificationProofLabel } from "@/lib/property";
import { charCount } from "@/lib/text";
import { usePageTitle } from "@/lib/use-page-title";
import { useCreateRequest } from "../api/use-verification-requests";
import { verifiersSchema, type VerifiersValues } from "../schemas";
import { VERIFICATION_LIMITS, rolePlural, searchRole } from "../verification";
import { VerifierName, VerifierRoleChoice, VerifierSearch } from "./verifier-search";
import "../verification.css";

const TITLE = "Request Verification";
const CRUMBS = [{ label: "Home", to: "/" }, { label: "Dashboard", to: "/dashboard" }, { label: TITLE }];

interface VerificationRequestPageProps {
  /** The property from the route, or null when the route's id is not one. */
  propertyId: number | null;
  /** The signed-in user (the screen is protected). */
  user: User;
}

/**
 * VerificationRequestPage is /verification-request/{propertyId} (SPEC §2 "Verification request
 * screen"): the owner of a property chooses verifiers by username and sends each a request,
 * with an optional note, then goes to the success screen. Anyone else is told they may not.
 */
export function VerificationRequestPage({ propertyId, user }: VerificationRequestPageProps) {
  const result = useQuery(PropertyService.method.getProperty, propertyId === null ? skipToken : { id: propertyId });
  const property = result.data?.property;
  const notFound =
    propertyId === null || isCode(result.error, Code.NotFound) || (result.isSuccess && !property);
  usePageTitle(TITLE);

  let body: ReactNode;
  if (notFound) {
    body = (
      <StateCard icon={<FileQuestion aria-hidden="true" size={40} />} title="Property Not Found">
        <p>This property does not exist or is no longer listed.</p>
        <Link to="/dashboard" className={buttonClass("primary")}>
          Go to Dashboard
        </Link>
      </StateCard>
    );
  } else if (result.isError) {
    body = (
      <ErrorPanel type={errorTypeFromError(result.error)} onRetry={() => void result.refetch()} retrying={result.isFetching} />
    );
  } else if (!property) {
    body = (
      <div className="verification-page__loading">
        <Spinner label="Loading property" size="lg" />
        <p>Loading property details...</p>
      </div>
    );
  } else if (property.landlordId !== user.id) {
    body = (
      <StateCard icon={<Lock aria-hidden="true" size={40} />} title="Permission Denied">
        <p>You can only request verification for properties that you own.</p>
        <Link to={`/properties/${property.id}`} className={buttonClass("primary")}>
          Back to Property
        </Link>
      </StateCard>
    );
  } else {
    body = (
      <div className="verification-page__layout">
        <PropertySummary property={property} />
        {property.verified ? (
          <section className="card verification-page__card" aria-labelledby="verified-title">
            <h2 id="verified-title" className="verification-page__heading">
              This property is already verified
            </h2>
            <p>{alreadyVerified(property)}</p>
          </section>
        ) : (
          <VerifiersForm property={property} role={searchRole(user.role)} />
        )}
      </div>
    );
  }

  return (
    <>
      <PageHeader title={TITLE} breadcrumb={CRUMBS}>
        <p>Invite people who know your property to confirm its details. Once one of them approves, it gets the Verified badge.</p>
      </PageHeader>
      <div className="container section verification-page">{body}</div>
    </>
  );
}

/** alreadyVerified says that a verified property needs no more requests, and how it was verified. */
function alreadyVerified(p: Property): string {
  const proof = verificationProofLabel(p);
  return `It shows the Verified badge${proof ? ` (${proof})` : ""}: there is nothing more to ask.`;
}

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="not-found__card verification-page__state" aria-labelledby={titleId}>
      <span className="verification-page__state-icon">{icon}</span>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

/** PropertySummary is the property the requests are about: title, address, verification. */
function PropertySummary({ property: p }: { property: Property }) {
  const badge = verificationBadge(p);
  return (
    <section className="card verification-page__card verification-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="verification-page__heading">
        {p.title}
      </h2>
      <p className="verification-summary__address">
        {fullAddress(p)}
      </p>
      <p className="verification-summary__status">
        {badge.verified ? (
          <span className="badge badge--verified">
            <ShieldCheck aria-hidden="true" size={14} /> {badge.text}
          </span>
        ) : (
          <span className="badge badge--unverified">{badge.text}</span>
        )}
        <Link to={`/properties/${p.id}`}>View property</Link>
      </p>
    </section>
  );
}

/**
 * VerifiersForm chooses the verifiers (a username search among the potential verifiers of a
 * role the owner chooses, their own first; a click or Enter adds one, once, and the chosen stay
 * chosen when the role changes) and the optional note, and sends the requests.
 */
function VerifiersForm({ property, role: ownRole }: { property: Property; role: string }) {
  const [role, setRole] = useState(ownRole);
  const plural = rolePlural(role);
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<VerifiersValues>({
    resolver: zodResolver(verifiersSchema),
    defaultValues: { verifiers: [], message: "" },
    mode: "onChange",
  });
  const { fields, append, remove } = useFieldArray({ control, name: "verifiers", keyName: "key" });
  const message = useWatch({ control, name: "message" });
  const send = useCreateRequest("owner");

  const onValid = (values: VerifiersValues) =>
    send.mutate(
      { propertyId: property.id, verifierUsernames: values.verifiers.map((v) => v.username), message: values.message.trim() },
      { onSuccess: () => navigate(`/verification-success/${property.id}`) },
    );

  return (
    <form className="card verification-page__card verification-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Choose verifiers">
      <h2 className="verification-page__heading">Choose verifiers</h2>
      <VerifierRoleChoice
        label="Search among"
        hint="Ask the people who know the property: tenants who lived there, landlords, agents or property managers."
        value={role}
        onChange={setRole}
      />
      <VerifierSearch
        role={role}
        label="Search users by username"
        listLabel={`${plural} found`}
        roleName={plural.toLowerCase()}
        emptyText={`No ${plural.toLowerCase()} can verify properties yet.`}
        renderItem={(v) => {
          const added = fields.some((f) => f.id === v.id);
          return (
            // aria-disabled rather than disabled: the button keeps the focus it had when pressed.
            <button
              type="button"
              className="verifier-result"
              aria-disabled={added || undefined}
              onClick={() => {
                if (!added) append({ id: v.id, username: v.username, role: v.role });
              }}
            >
              <VerifierName verifier={v} />
              <span className="verifier-result__action">
                {added ? (
                  <>
                    <Check aria-hidden="true" size={16} /> Added
                  </>
                ) : (
                  <>
                    <Plus aria-hidden="true" size={16} /> Add
                  </>
                )}
              </span>
            </button>
          );
        }}
      />

      <FormField control={control} name="verifiers" label="Selected Verifiers" group className="verification-form__selected">
        {() =>
          fields.length ? (
            <ul className="selected-verifiers" aria-label="Selected verifiers">
              {fields.map((v, i) => (
                <li key={v.key} className="selected-verifiers__item">
                  <VerifierName verifier={v} />
                  <Button variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove ${v.username}`}>
                    <X aria-hidden="true" size={16} /> Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="selected-verifiers__empty">No verifiers selected yet. Search and add users above.</p>
          )
        }
      </FormField>

      <FormField
        control={control}
        name="message"
        label="Additional Note (Optional)"
        hint={`This note goes to every verifier with your request: say what they should check or how they know the property. ${charCount(message.trim())}/${VERIFICATION_LIMITS.message.maxChars}`}
      >
        {(props) => <textarea {...props} className="textarea verification-form__notes" rows={4} />}
      </FormField>

      <div className="verification-form__actions">
        <Button
          type="submit"
          size="lg"
          disabled={send.isPending || fields.length === 0}
          aria-busy={send.isPending || undefined}
        >
          {send.isPending ? (
            <>
              <Spinner size="sm" label="Sending requests" /> Sending...
            </>
          ) : (
            <>
              <Send aria-hidden="true" size={18} /> Send Verification Requests
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
