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
import { useSecurityQuestionList, useSetSecurityQuestions } from "../api/use-security-questions";
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
 * saved; a success notice (which takes focus) shows after saving. The current
 * questions are never sent to the browser, so the form starts empty; saving replaces
 * them.
 */
export function SecurityQuestionsPage() {
  usePageTitle("Security Questions");
  const { user } = useCurrentUser();
  const list = useSecurityQuestionList();
  const form = useForm<SecurityQuestionsValues>({
    resolver: zodResolver(securityQuestionsSchema),
    defaultValues: EMPTY,
    mode: "onChange",
  });
  const [justSaved, setJustSaved] = useState(false);
  const savedNotice = useRef<HTMLDivElement>(null);
  const savedTitleId = useId();
  const { save, pending } = useSetSecurityQuestions(() => {
    form.reset();
    setJustSaved(true);
  });

  useEffect(() => {
    if (justSaved) savedNotice.current?.focus();
  }, [justSaved]);

  const questions = list.data?.questions ?? [];
  const [firstQuestion, secondQuestion] = useWatch({ control: form.control, name: ["securityQuestion1", "securityQuestion2"] });
  const secondOptions = questions.filter((q) => q !== firstQuestion);

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
              <p>Saving new questions and answers replaces the current ones.</p>
            </div>
          </div>
        ) : null}

        <div className="card auth-card">
          {list.isPending ? (
            <div className="auth-card__loading">
              <Spinner label="Loading security questions" />
            </div>
          ) : list.isError ? (
            <ErrorPanel type={errorTypeFromError(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : (
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
              <p className="field__hint">Answers are case-sensitive. Choose answers you will remember exactly.</p>
              <SubmitButton pending={pending} pendingLabel="Saving...">
                Save Security Questions
              </SubmitButton>
            </form>
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
