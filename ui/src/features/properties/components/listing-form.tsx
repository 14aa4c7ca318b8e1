import { zodResolver } from "@hookform/resolvers/zod";
import { Building2 } from "lucide-react";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { ImageUploader } from "@/components/image-uploader/image-uploader";
import { useImageUploads, type ImageUpload, type UploadKind } from "@/components/image-uploader/use-image-uploads";
import { Button, buttonClass } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { toast, type ToastHandle } from "@/components/ui/use-toast";
import { VocabSelect } from "@/components/ui/vocab-select";
import { timeZones } from "@/lib/property";
import { AMENITIES, AREA_UNITS, CURRENCIES, LIMITS, PROPERTY_TYPES } from "@/lib/vocab";
import { propertySchema, toCreateRequest, type PropertyFormValues } from "../property-form";
import { LocationPinField } from "./location-pin-field";

/** A listing's images: SPEC §7's upload path, at most SPEC §9's 5 (the contract's CreatePropertyRequest.images). */
const PROPERTY_IMAGES: UploadKind = {
  path: "/api/upload/property-images",
  field: "images",
  max: LIMITS.property.images.maxItems,
  one: "image",
  many: "images",
};

/** The field message when no image is chosen (SPEC §5's toast text, also shown at the field). */
const IMAGES_REQUIRED = "Please upload at least one image of your property.";

/** ListingFormLabels are the words of one use of the form (add or edit). */
export interface ListingFormLabels {
  /** The form's accessible name ("Add property"). */
  form: string;
  /** The submit button ("Add Property"). */
  submit: string;
  /** The submit button while the request runs ("Adding Property..."). */
  pending: string;
  /** The spinner's label while the request runs ("Adding property"). */
  spinner: string;
}

interface ListingFormProps {
  /** The fields' starting values: the defaults to add, the listing's own to edit. */
  defaultValues: PropertyFormValues;
  /** The images the listing shows already (an edit), in order. */
  images?: readonly string[];
  labels: ListingFormLabels;
  /** Where Cancel goes. */
  cancelTo: string;
  /** Whether the request runs. */
  pending: boolean;
  /** Sends the valid form: the request fields with the images' URLs in order. */
  onSave: (request: ReturnType<typeof toCreateRequest>) => void;
  /** Shown above the map while the listing has no position (the edit page asks the owner to place it). */
  locationPrompt?: string;
}

/**
 * ListingForm is the add-property form (SPEC §2 "Add property"), shared by adding and editing a
 * listing: five sections, the rules of SPEC §5, and the image uploader (add, remove, reorder;
 * the first is the cover). It judges and sends; the page says what happens then.
 */
export function ListingForm({ defaultValues, images = [], labels, cancelTo, pending, onSave, locationPrompt }: ListingFormProps) {
  const schema = useMemo(() => propertySchema(), []);
  const { control, handleSubmit, formState, setValue } = useForm<PropertyFormValues>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: "onChange",
  });
  const uploads = useImageUploads(PROPERTY_IMAGES, images);
  const imagesInput = useRef<HTMLInputElement>(null);
  // Like the other fields' messages, the images' shows once a submit starts and then follows every change.
  const [submitted, setSubmitted] = useState(false);
  const imagesToast = useRef<ToastHandle | null>(null);

  const imagesError = submitted ? imagesProblem(uploads.items) : "";
  const uploading = uploads.items.some((i) => i.status === "uploading");

  const onValid = async (values: PropertyFormValues) => {
    // Images still on their way are waited for: submitting is the only step.
    const images = await uploads.settled();
    if (imagesProblem(images)) {
      imagesInput.current?.focus();
      return;
    }
    const urls = images.flatMap((i) => (i.url ? [i.url] : []));
    onSave(toCreateRequest(values, urls));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    // Said at once, with the other fields' messages, not only once they are fixed.
    if (imagesProblem(uploads.items) === IMAGES_REQUIRED) {
      // One at a time: a second submit replaces the toast rather than stacking another.
      imagesToast.current?.dismiss();
      imagesToast.current = toast({ title: "Images Required", description: IMAGES_REQUIRED, variant: "destructive" });
    }
    void handleSubmit(onValid)(event);
  };

  const busy = formState.isSubmitting || pending;

  return (
    <form className="property-form" noValidate onSubmit={onSubmit} aria-label={labels.form}>
      <fieldset className="card form-section">
        <legend className="form-section__title">Basic Information</legend>
        <div className="form-grid">
          <FormField control={control} name="title" label="Property Title" className="form-grid__wide">
            {(props) => <input {...props} className="input" placeholder="e.g. Sunny two-bedroom near the park" />}
          </FormField>
          <FormField
            control={control}
            name="description"
            label="Description"
            hint={`At least ${LIMITS.property.description.minChars} characters: the rooms, the building, the neighbourhood.`}
            className="form-grid__wide"
          >
            {(props) => <textarea {...props} className="textarea" />}
          </FormField>
          <FormField control={control} name="propertyType" label="Property Type">
            {(props) => <VocabSelect {...props} vocabulary={PROPERTY_TYPES} />}
          </FormField>
          <div className="form-grid__pair">
            <FormField control={control} name="monthlyRent" label="Monthly Rent">
              {(props) => <input {...props} className="input" type="number" inputMode="numeric" min={1} step={1} />}
            </FormField>
            <FormField control={control} name="currency" label="Currency">
              {(props) => <VocabSelect {...props} vocabulary={CURRENCIES} />}
            </FormField>
          </div>
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Location</legend>
        <div className="form-grid">
          <FormField control={control} name="address" label="Street Address" className="form-grid__wide">
            {(props) => <input {...props} className="input" autoComplete="street-address" />}
          </FormField>
          <FormField control={control} name="locality" label="Neighborhood" optional>
            {(props) => <input {...props} className="input" />}
          </FormField>
          <FormField control={control} name="city" label="City">
            {(props) => <input {...props} className="input" autoComplete="address-level2" />}
          </FormField>
          <FormField control={control} name="state" label="State / Province" optional>
            {(props) => <input {...props} className="input" autoComplete="address-level1" />}
          </FormField>
          <FormField control={control} name="zipCode" label="ZIP / Postal Code" optional>
            {(props) => <input {...props} className="input" autoComplete="postal-code" />}
          </FormField>
          <FormField control={control} name="country" label="Country">
            {(props) => <input {...props} className="input" autoComplete="country-name" />}
          </FormField>
          <FormField
            control={control}
            name="timeZone"
            label="Time zone"
            hint="Viewing requests give their times in it. Leave it to be set from the country."
          >
            {(props) => (
              <select {...props} className="select">
                <option value="">From the country</option>
                {timeZones(props.value).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="form-grid__pair">
            <FormField control={control} name="latitude" label="Latitude" optional>
              {(props) => <input {...props} className="input" inputMode="decimal" placeholder="40.7497" />}
            </FormField>
            <FormField control={control} name="longitude" label="Longitude" optional>
              {(props) => <input {...props} className="input" inputMode="decimal" placeholder="-73.9973" />}
            </FormField>
          </div>
          <LocationPinField control={control} setValue={setValue} prompt={locationPrompt} />
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Property Details</legend>
        <div className="form-grid form-grid--3">
          <FormField control={control} name="bedrooms" label="Bedrooms">
            {(props) => <input {...props} className="input" type="number" inputMode="numeric" min={0} max={50} step={1} />}
          </FormField>
          <FormField control={control} name="bathrooms" label="Bathrooms">
            {(props) => <input {...props} className="input" type="number" inputMode="numeric" min={0} max={50} step={1} />}
          </FormField>
          <FormField control={control} name="yearBuilt" label="Year Built" optional>
            {(props) => <input {...props} className="input" type="number" inputMode="numeric" min={1500} step={1} />}
          </FormField>
          <FormField control={control} name="squareFeet" label="Area Size">
            {(props) => <input {...props} className="input" type="number" inputMode="numeric" min={1} step={1} />}
          </FormField>
          <FormField control={control} name="areaUnit" label="Area Unit">
            {(props) => <VocabSelect {...props} vocabulary={AREA_UNITS} />}
          </FormField>
          <div className="form-checks">
            <Controller
              control={control}
              name="petsAllowed"
              render={({ field }) => (
                <label className="checkbox">
                  <input type="checkbox" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  Pets allowed
                </label>
              )}
            />
            <Controller
              control={control}
              name="furnished"
              render={({ field }) => (
                <label className="checkbox">
                  <input type="checkbox" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  Furnished
                </label>
              )}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Amenities</legend>
        <Controller
          control={control}
          name="amenities"
          render={({ field }) => (
            <div className="amenity-picker">
              <ul>
                {AMENITIES.values.map((amenity) => (
                  <li key={amenity}>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={field.value.includes(amenity)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked ? [...field.value, amenity] : field.value.filter((a) => a !== amenity),
                          )
                        }
                      />
                      {amenity}
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          )}
        />
      </fieldset>

      <fieldset className="card form-section">
        <legend className="form-section__title">Images</legend>
        <div className="field">
          <ImageUploader
            uploads={uploads}
            title="Choose images"
            hint={`Click to browse or drag pictures here; they upload as soon as you choose them. Supported formats: JPG, PNG, GIF. Up to ${PROPERTY_IMAGES.max} images; the first is the cover.`}
            ordered
            inputRef={imagesInput}
            error={imagesError}
          />
        </div>
      </fieldset>

      <div className="form-actions">
        <Link to={cancelTo} className={buttonClass("ghost", "lg")}>
          Cancel
        </Link>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? (
            <>
              <Spinner size="sm" label={uploading ? "Uploading images" : labels.spinner} />{" "}
              {uploading ? "Uploading images..." : labels.pending}
            </>
          ) : (
            <>
              <Building2 aria-hidden="true" size={18} /> {labels.submit}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

/**
 * imagesProblem says what keeps the chosen images from being listed: none chosen, or some
 * the server refused (to retry or remove: a listing never silently drops a chosen image).
 */
function imagesProblem(images: readonly ImageUpload[]): string {
  if (!images.some((i) => i.status !== "failed")) return IMAGES_REQUIRED;
  if (images.some((i) => i.status === "failed")) return "Remove or retry the images that could not be uploaded.";
  return "";
}
