import { Mail, PenLine } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { SITE } from "@/lib/site";

/**
 * SubmitResourceDialog is what "Submit a Resource" opens. SPEC §2 does not say what
 * the button does, and there is no submission rpc: decision — say plainly that
 * community submissions open soon and offer a mailto link to the editors, so the
 * button is useful without pretending a submission was received.
 */
export function SubmitResourceDialog() {
  const mailto = `mailto:${SITE.resourcesEmail}?subject=${encodeURIComponent("Resource submission")}`;
  return (
    <Dialog
      title="Submit a Resource"
      description="Community submissions open soon."
      trigger={
        <Button variant="primary" size="lg">
          <PenLine aria-hidden="true" size={18} /> Submit a Resource
        </Button>
      }
    >
      <p>
        Until then, email your article idea to our editors with a short outline and a line about your
        experience. We read every proposal.
      </p>
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Close</Button>
        </DialogClose>
        <a className={buttonClass("primary")} href={mailto}>
          <Mail aria-hidden="true" size={18} /> Email the editors
        </a>
      </div>
    </Dialog>
  );
}
