import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { VocabSelect } from "@/components/ui/vocab-select";
import { UpdateProfileRequestSchema, type User } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";
import { charCount } from "@/lib/text";
import { text } from "@/lib/validation";
import { REVIEW_LANGUAGES, rulesOf } from "@/lib/vocab";
import { useUpdateProfile } from "../api/use-update-profile";

/** The contract's rules of the form (UpdateProfileRequest), which the server applies too. */
const RULES = {
  firstName: rulesOf(UpdateProfileRequestSchema, "firstName"),
  lastName: rulesOf(UpdateProfileRequestSchema, "lastName"),
  bio: rulesOf(UpdateProfileRequestSchema, "bio"),
  city: rulesOf(UpdateProfileRequestSchema, "city"),
  country: rulesOf(UpdateProfileRequestSchema, "country"),
};

/** The messages are the server's, word for word, so both sides say the same. */
const profileSchema = z.object({
  firstName: text({
    limits: RULES.firstName,
    tooShort: "First name is required",
    tooLong: `First name must be at most ${RULES.firstName.maxChars} characters`,
  }),
  lastName: text({
    limits: RULES.lastName,
    tooShort: "Last name is required",
    tooLong: `Last name must be at most ${RULES.lastName.maxChars} characters`,
  }),
  bio: text({ limits: RULES.bio, tooLong: `Bio must be at most ${RULES.bio.maxChars} characters` }),
  city: text({ limits: RULES.city, tooLong: `City must be at most ${RULES.city.maxChars} characters` }),
  country: text({
    limits: RULES.country,
    tooShort: `Country must be at least ${RULES.country.minChars} characters`,
    tooLong: `Country must be at most ${RULES.country.maxChars} characters`,
  }),
  language: z.string().refine((v) => REVIEW_LANGUAGES.has(v), "Please select a language from the list"),
});
type ProfileValues = z.infer<typeof profileSchema>;

function valuesOf(user: User): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    city: user.city,
    country: user.country || "United States",
    language: REVIEW_LANGUAGES.has(user.language) ? user.language : "en",
  };
}

/** ProfileForm is the Edit Profile form, filled with the user's profile. */
export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { control, handleSubmit } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
    mode: "onChange",
  });
  const update = useUpdateProfile(onDone);
  const bio = useWatch({ control, name: "bio" });

  const onValid = (v: ProfileValues) =>
    update.save({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      bio: v.bio.trim(),
      city: v.city.trim(),
      country: v.country.trim(),
      language: v.language,
    });

  return (
    <form className="profile-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Edit Profile">
      <div className="auth-form__row">
        <FormField showOnLeave control={control} name="firstName" label="First Name">
          {(props) => <input {...props} type="text" className="field__control" autoComplete="given-name" />}
        </FormField>
        <FormField showOnLeave control={control} name="lastName" label="Last Name">
          {(props) => <input {...props} type="text" className="field__control" autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField
        showOnLeave
        control={control}
        name="bio"
        label="Bio"
        optional
        hint={`${charCount(bio.trim())}/${RULES.bio.maxChars}`}
      >
        {(props) => <textarea {...props} className="textarea" rows={4} />}
      </FormField>
      <div className="auth-form__row">
        <FormField showOnLeave control={control} name="city" label="City" optional>
          {(props) => <input {...props} type="text" className="field__control" autoComplete="address-level2" />}
        </FormField>
        <FormField showOnLeave control={control} name="country" label="Country">
          {(props) => <input {...props} type="text" className="field__control" autoComplete="country-name" />}
        </FormField>
      </div>
      <FormField control={control} name="language" label="Language">
        {(props) => <VocabSelect {...props} vocabulary={REVIEW_LANGUAGES} />}
      </FormField>
      {update.error ? (
        <p className="field__error" role="alert">
          {errorMessage(update.error) || "Your profile could not be saved. Please try again."}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" disabled={update.pending} aria-busy={update.pending || undefined}>
          {update.pending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
