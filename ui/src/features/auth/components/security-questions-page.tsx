import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, CheckCircle2, ShieldAlert, ShieldCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { ErrorPanel } from "@/components/ui/error-panel";
import { FormField, type FieldControlProps } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { errorTypeFromError } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import { useCurrentUser } from "../api/use-current-user";
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
};

/**
 * SecurityQuestionsPage is /dashboard/security-questions (SPEC §2 "Security
 * questions"): two different questions from the server's fixed list, each with an
 * answer. An enhance-security notice shows while the user has none and has not just
 * saved; a success notice (which takes focus) shows after saving. The questions the
 * user chose are selected when the page opens; the answers never leave the server,
 * so their fields start empty and saving asks for both again.
 */
export function SecurityQuestionsPage() {
  usePageTitle("Security Questions");
  const { user } = useCurrentUser();
  const list = useSecurityQuestionList();
  const chosen = useChosenSecurityQuestions();
  const [justSaved, setJustSaved] = useState(false);
  const savedNotice = useRef<HTMLDivElement>(null);
  const savedTitleId = useId();

  useEffect(() => {
    if (justSaved) savedNotice.current?.focus();
  }, [justSaved]);

  const failed = list.isError ? list : chosen.isError ? chosen : null;

  return (
    <>
      <PageHeader
        title="Security Questions"
        breadcrumb={[
          { label: "Home", to: "/" },
          { label: "Dashboard", to: "/dashboard" },
          { label: "Security Questions" },
        ]}
      >
        <p>Choose two questions only you can answer. You can use them to reset your password if you forget it.</p>
      </PageHeader>
      <div className="container section auth-layout">
        {justSaved ? (
          <div
            ref={savedNotice}
            tabIndex={-1}
            role="status"
            aria-labelledby={savedTitleId}
            className="notice notice--success"
          >
            <CheckCircle2 aria-hidden="true" size={22} className="notice__icon" />
            <div>
              <h2 id={savedTitleId} className="notice__title">
                Security questions saved
              </h2>
              <p>
                If you ever forget your password, answer these questions on the{" "}
                <Link to="/forgot-password">password reset page</Link> to choose a new one.
              </p>
            </div>
          </div>
        ) : user && !user.hasSecurityQuestions ? (
          <div className="notice notice--warning">
            <ShieldAlert aria-hidden="true" size={22} className="notice__icon" />
            <div>
              <h2 className="notice__title">Enhance your account security</h2>
              <p>
                You have not set security questions yet. Without them you cannot reset your password if you forget
                it.
              </p>
            </div>
          </div>
        ) : user?.hasSecurityQuestions ? (
          <div className="notice notice--info">
            <ShieldCheck aria-hidden="true" size={22} className="notice__icon" />
            <div>
              <h2 className="notice__title">Your security questions are set</h2>
              <p>
                Your questions are selected below. Answers are never shown: to save, answer both again (or choose
                new questions).
              </p>
            </div>
          </div>
        ) : null}

        <div className="card auth-card">
          {failed ? (
            <ErrorPanel
              type={errorTypeFromError(failed.error)}
              onRetry={() => void failed.refetch()}
              retrying={failed.isFetching}
            />
          ) : list.data && chosen.data ? (
            <SecurityQuestionsForm
              questions={list.data.questions}
              saved={{
                ...EMPTY,
                securityQuestion1: chosen.data.securityQuestion1,
                securityQuestion2: chosen.data.securityQuestion2,
              }}
              onSaved={() => setJustSaved(true)}
            />
          ) : (
            <div className="auth-card__loading">
              <Spinner label="Loading security questions" />
            </div>
          )}
          <p className="auth-form__switch">
            <Link to="/dashboard" className="back-link">
              <ArrowLeft aria-hidden="true" size={16} /> Back to Dashboard
            </Link>
          </p>
        </div>
      </div>
    </>
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
  const form = useForm<SecurityQuestionsValues>({
    resolver: zodResolver(securityQuestionsSchema),
    defaultValues: saved,
    mode: "onChange",
  });
  const { save, pending } = useSetSecurityQuestions(() => {
    // The questions stay selected, as on a revisit; the answers do not stay on screen.
    form.reset({ ...form.getValues(), securityAnswer1: "", securityAnswer2: "" });
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
