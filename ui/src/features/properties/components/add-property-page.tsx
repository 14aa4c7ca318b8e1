import { Building2, ShieldAlert } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { SUPPORTED_CURRENCIES } from "@/lib/currency";
import { errorMessage } from "@/lib/errors";
import { AMENITY_CHOICES, PROPERTY_TYPES, propertyTypeLabel } from "@/lib/property";
import { usePageTitle } from "@/lib/use-page-title";
import { useCreateProperty } from "../api/use-create-property";
import {
  DEFAULT_PROPERTY_VALUES,
  FIELD_ORDER,
  canListProperties,
  toCreateRequest,
  validateProperty,
  type PropertyField,
  type PropertyFormValues,
} from "../property-form";
import { ImageUploader } from "./image-uploader";
import "../properties.css";

/** The toast text when listing fails without a message from the server (SPEC §8). */
export const ADD_PROPERTY_FALLBACK = "There was an error adding your property. Please try again.";

/**
 * AddPropertyPage is /add-property (SPEC §2 "Add property"): five sections, the
 * rules of SPEC §5, the image uploader, and CreateProperty. Tenants are told that
 * only landlords, agents and property managers can list. `role` is the signed-in
 * user's role (undefined while unknown: the server has the last word anyway).
 */
export function AddPropertyPage({ role }: { role: string | undefined }) {
  usePageTitle("Add Property");

  if (role !== undefined && !canListProperties(role)) {
    return (
      <>
        <PageHeader title="Add Property" />
        <div className="container container--narrow section">
          <section className="state-panel" aria-labelledby="cannot-list-title">
            <ShieldAlert className="state-panel__icon" aria-hidden="true" size={40} />
            <h2 id="cannot-list-title" className="state-panel__title">
              Only landlords can list properties
            </h2>
            <p className="state-panel__message">
              Only landlords, agents and property managers can list properties on RentProof. Your account is a tenant
              account: you can search properties and review the places you have rented.
            </p>
            <div className="state-panel__actions">
              <Link to="/find-properties" className={buttonClass("primary")}>
                Find Properties
              </Link>
              <Link to="/dashboard" className={buttonClass("outline")}>
                Go to Dashboard
              </Link>
            </div>
          </section>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Add Property">
        <p>List your rental property. New listings are reviewed and show as pending verification until verified.</p>
      </PageHeader>
      <div className="container section">
        <AddPropertyForm />
      </div>
    </>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  children: (aria: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
  className?: string;
}

function Field({ id, label, error, hint, optional, children, className }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AddPropertyForm() {
  const navigate = useNavigate();
  const base = useId();
  const idOf = (field: PropertyField) => `${base}-${field}`;
  const [values, setValues] = useState<PropertyFormValues>(DEFAULT_PROPERTY_VALUES);
  const [errors, setErrors] = useState<Partial<Record<PropertyField, string>>>({});
  const [images, setImages] = useState<string[]>([]);
  const [imagesMissing, setImagesMissing] = useState(false);
  const create = useCreateProperty();

  const set = <K extends PropertyField>(field: K, value: PropertyFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const text = (field: PropertyField) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const toggleAmenity = (amenity: string, on: boolean) =>
    set("amenities", on ? [...values.amenities, amenity] : values.amenities.filter((a) => a !== amenity));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProperty(values);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    if (images.length === 0) {
      setImagesMissing(true);
      toast({
        title: "Images Required",
        description: "Please upload at least one image of your property.",
        variant: "destructive",
      });
      return;
    }
    create.mutate(toCreateRequest(values, images), {
      onSuccess: () => {
        toast({
          title: "Property Added",
          description: "Your property has been listed and is pending verification.",
        });
        navigate("/dashboard");
      },
      onError: (err) => {
        toast({
          title: "Error Adding Property",
          description: errorMessage(err) || ADD_PROPERTY_FALLBACK,
          variant: "destructive",
        });
      },
    });
  };

  const imagesErrorId = `${base}-images-error`;

  return (
    <form className="property-form" noValidate onSubmit={onSubmit} aria-label="Add property">
      <fieldset className="card form-section">
        <legend className="form-section__title">Basic Information</legend>
        <div className="form-grid">
          <Field id={idOf("title")} label="Property Title" error={errors.title} className="form-grid__wide">
            {(aria) => <input {...aria} className="input" maxLength={100} placeholder="e.g. Sunny two-bedroom near the park" {...text("title")} />}
          </Field>
          <Field
            id={idOf("description")}
            label="Description"
            error={errors.description}
            hint="At least 20 characters: the rooms, the building, the neighbourhood."
            className="form-grid__wide"
          >
            {(aria) => <textarea {...aria} className="textarea" maxLength={5000} {...text("description")} />}
          </Field>
          <Field id={idOf("propertyType")} label="Property Type" error={errors.propertyType}>
            {(aria) => (
              <select {...aria} className="select" {...text("propertyType")}>
                {PROPERTY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {propertyTypeLabel(t)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="form-grid__pair">
            <Field id={idOf("monthlyRent")} label="Monthly Rent" error={errors.monthlyRent}>
              {(aria) => <input {...aria} className="input" type="number" inputMode="numeric" min={1} step={1} {...text("monthlyRent")} />}
            </Field>
            <Field id={idOf("currency")} label="Currency" error={errors.currency}>
              {(aria) => (
                <select {...aria} className="select" {...text("currency")}>
                  {SUPPORTED_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Location</legend>
        <div className="form-grid">
          <Field id={idOf("address")} label="Street Address" error={errors.address} className="form-grid__wide">
            {(aria) => <input {...aria} className="input" autoComplete="street-address" {...text("address")} />}
          </Field>
          <Field id={idOf("locality")} label="Neighborhood" optional error={errors.locality}>
            {(aria) => <input {...aria} className="input" {...text("locality")} />}
          </Field>
          <Field id={idOf("city")} label="City" error={errors.city}>
            {(aria) => <input {...aria} className="input" autoComplete="address-level2" {...text("city")} />}
          </Field>
          <Field id={idOf("state")} label="State / Province" optional error={errors.state}>
            {(aria) => <input {...aria} className="input" autoComplete="address-level1" {...text("state")} />}
          </Field>
          <Field id={idOf("zipCode")} label="ZIP / Postal Code" optional error={errors.zipCode}>
            {(aria) => <input {...aria} className="input" autoComplete="postal-code" {...text("zipCode")} />}
          </Field>
          <Field id={idOf("country")} label="Country" error={errors.country}>
            {(aria) => <input {...aria} className="input" autoComplete="country-name" {...text("country")} />}
          </Field>
          <div className="form-grid__pair">
            <Field id={idOf("latitude")} label="Latitude" optional error={errors.latitude}>
              {(aria) => <input {...aria} className="input" inputMode="decimal" placeholder="40.7497" {...text("latitude")} />}
            </Field>
            <Field id={idOf("longitude")} label="Longitude" optional error={errors.longitude}>
              {(aria) => <input {...aria} className="input" inputMode="decimal" placeholder="-73.9973" {...text("longitude")} />}
            </Field>
          </div>
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Property Details</legend>
        <div className="form-grid form-grid--3">
          <Field id={idOf("bedrooms")} label="Bedrooms" error={errors.bedrooms}>
            {(aria) => <input {...aria} className="input" type="number" inputMode="numeric" min={0} max={50} step={1} {...text("bedrooms")} />}
          </Field>
          <Field id={idOf("bathrooms")} label="Bathrooms" error={errors.bathrooms}>
            {(aria) => <input {...aria} className="input" type="number" inputMode="numeric" min={0} max={50} step={1} {...text("bathrooms")} />}
          </Field>
          <Field id={idOf("yearBuilt")} label="Year Built" optional error={errors.yearBuilt}>
            {(aria) => <input {...aria} className="input" type="number" inputMode="numeric" min={1500} step={1} {...text("yearBuilt")} />}
          </Field>
          <Field id={idOf("squareFeet")} label="Area Size" error={errors.squareFeet}>
            {(aria) => <input {...aria} className="input" type="number" inputMode="numeric" min={1} step={1} {...text("squareFeet")} />}
          </Field>
          <Field id={idOf("areaUnit")} label="Area Unit" error={errors.areaUnit}>
            {(aria) => (
              <select {...aria} className="select" {...text("areaUnit")}>
                <option value="sqft">Square feet (ft²)</option>
                <option value="sqm">Square meters (m²)</option>
              </select>
            )}
          </Field>
          <div className="form-checks">
            <label className="checkbox">
              <input type="checkbox" checked={values.petsAllowed} onChange={(e) => set("petsAllowed", e.target.checked)} />
              Pets allowed
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={values.furnished} onChange={(e) => set("furnished", e.target.checked)} />
              Furnished
            </label>
          </div>
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Amenities</legend>
        <div className="amenity-picker">
          <ul>
            {AMENITY_CHOICES.map((amenity) => (
              <li key={amenity}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={values.amenities.includes(amenity)}
                    onChange={(e) => toggleAmenity(amenity, e.target.checked)}
                  />
                  {amenity}
                </label>
              </li>
            ))}
          </ul>
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Images</legend>
        <div className="field">
          <ImageUploader
            uploaded={images}
            onUploaded={(urls) => {
              setImages((prev) => [...prev, ...urls]);
              setImagesMissing(false);
            }}
            onRemove={(url) => setImages((prev) => prev.filter((u) => u !== url))}
            describedBy={imagesMissing ? imagesErrorId : undefined}
          />
          {imagesMissing ? (
            <p id={imagesErrorId} className="field__error">
              Please upload at least one image of your property.
            </p>
          ) : null}
        </div>
      </fieldset>

      <div className="form-actions">
        <Link to="/" className={buttonClass("ghost", "lg")}>
          Cancel
        </Link>
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? (
            <>
              <Spinner size="sm" label="Adding property" /> Adding Property...
            </>
          ) : (
            <>
              <Building2 aria-hidden="true" size={18} /> Add Property
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
