import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { usePasswordOrPasskey } from "@/components/passkey-confirm/passkey-confirm";
import { ErrorPanel } from "@/components/ui/error-panel";
import { FormField, type FieldControlProps } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { errorTypeFromError } from "@/lib/errors";
import {
  useChosenSecurityQuestions,
  useSecurityQuestionList,
  useSetSecurityQuestions,
} from "../api/use-security-questions";
import { securityQuestionsSchema, type SecurityQuestionsValues } from "../schemas";
import { SubmitButton } from "./submit-button";
import "../auth.css";

const EMPTY: SecurityQuestionsValues = {
  securityQuestion1: "",
  securityAnswer1: "",
  securityQuestion2: "",
  securityAnswer2: "",
  currentPassword: "",
};

/**
 * SecurityQuestionsEditor loads the question list and the questions the member chose, then shows
 * the form that changes them (with a loading state and an error panel with Try Again). It is the
 * form of /dashboard/security-questions and of /settings › Security questions.
 */
export function SecurityQuestionsEditor({ onSaved }: { onSaved?: () => void }) {
  const list = useSecurityQuestionList();
  const chosen = useChosenSecurityQuestions();
  const failed = list.isError ? list : chosen.isError ? chosen : null;
  if (failed) {
    return <ErrorPanel type={errorTypeFromError(failed.error)} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />;
  }
  if (!list.data || !chosen.data) {
    return (
      <div className="auth-card__loading">
        <Spinner label="Loading security questions" />
      </div>
    );
  }
  return (
    <SecurityQuestionsForm
      questions={list.data.questions}
      saved={{
        ...EMPTY,
        securityQuestion1: chosen.data.securityQuestion1,
        securityQuestion2: chosen.data.securityQuestion2,
      }}
      onSaved={onSaved ?? (() => undefined)}
    />
  );
}

interface SecurityQuestionsFormProps {
  questions: readonly string[];
  /** The questions the user chose before (answers always empty). */
  saved: SecurityQuestionsValues;
  onSaved: () => void;
}

/** SecurityQuestionsForm picks two questions and answers them, starting from the saved ones. */
function SecurityQuestionsForm({ questions, saved, onSaved }: SecurityQuestionsFormProps) {
  const identity = usePasswordOrPasskey();
  const [schema] = useState(() => identity.require(securityQuestionsSchema, "currentPassword"));
  const form = useForm<SecurityQuestionsValues>({
    resolver: zodResolver(schema),
    defaultValues: saved,
    mode: "onChange",
  });
  const { save, pending } = useSetSecurityQuestions(() => {
    // The questions stay selected, as on a revisit; the answers and the password do not stay on screen.
    form.reset({ ...form.getValues(), securityAnswer1: "", securityAnswer2: "", currentPassword: "" });
    onSaved();
  });
  const [firstQuestion, secondQuestion] = useWatch({ control: form.control, name: ["securityQuestion1", "securityQuestion2"] });
  const secondOptions = questions.filter((q) => q !== firstQuestion);

  return (
    <form className="auth-form" noValidate aria-label="Security questions" onSubmit={form.handleSubmit(save)}>
      <FormField showOnLeave control={form.control} name="securityQuestion1" label="Security Question 1">
        {(props) => (
          <QuestionSelect
            {...props}
            questions={questions}
            onChange={(event) => {
              props.onChange(event);
              // The second list leaves out the first choice: a clash empties the second.
              const value = event.target.value;
              if (value !== "" && value === secondQuestion) form.setValue("securityQuestion2", "", { shouldValidate: true });
            }}
          />
        )}
      </FormField>
      <FormField showOnLeave control={form.control} name="securityAnswer1" label="Security Answer 1">
        {(props) => <input {...props} type="text" className="field__control" autoComplete="off" />}
      </FormField>
      <FormField showOnLeave control={form.control} name="securityQuestion2" label="Security Question 2">
        {(props) => <QuestionSelect {...props} questions={secondOptions} />}
      </FormField>
      <FormField showOnLeave control={form.control} name="securityAnswer2" label="Security Answer 2">
        {(props) => <input {...props} type="text" className="field__control" autoComplete="off" />}
      </FormField>
      <p className="field__hint">Case and spacing do not matter: "Leeds" and "leeds" are the same answer.</p>
      <FormField
        showOnLeave
        control={form.control}
        name="currentPassword"
        label="Current Password"
        hint="Your answers can reset your password, so changing them needs your current password or a passkey."
      >
        {(props) => <input {...props} type="password" className="field__control" autoComplete="current-password" />}
      </FormField>
      {identity.offer}
      <SubmitButton pending={pending} pendingLabel="Saving...">
        Save Security Questions
      </SubmitButton>
    </form>
  );
}

/** QuestionSelect is a native select of questions after an empty "Select a question". */
function QuestionSelect({ questions, ...props }: FieldControlProps & { questions: readonly string[] }) {
  return (
    <select {...props} className="field__control field__control--select">
      <option value="">Select a question</option>
      {questions.map((q) => (
        <option key={q} value={q}>
          {q}
        </option>
      ))}
    </select>
  );
}
