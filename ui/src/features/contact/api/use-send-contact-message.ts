import { useMutation } from "@connectrpc/connect-query";
import { Code, ConnectError } from "@connectrpc/connect";
import { toast } from "@/components/ui/use-toast";
import { ContactService } from "@/gen/rentproof/contact/v1/contact_pb";
import { errorMessage } from "@/lib/errors";
import { SUPPORT } from "../contact-details";

/**
 * useSendContactMessage sends the contact form. Success says SPEC §8's "Message sent!"; a
 * failure says SPEC §8's contact failure toast. Refusals the server words for the person
 * (a field it refused, too many messages) are also returned as `refusal`, for the form to show.
 */
export function useSendContactMessage() {
  return useMutation(ContactService.method.sendContactMessage, {
    onSuccess: () => toast({ title: "Message sent!", description: `We'll get back to you ${SUPPORT.response}.` }),
    onError: () =>
      toast({ title: "Something went wrong", description: "Your message couldn't be sent. Please try again.", variant: "destructive" }),
  });
}

/** refusalOf is the server's message for a refusal the person can act on, or "". */
export function refusalOf(error: unknown): string {
  if (error == null) return "";
  const code = ConnectError.from(error).code;
  return code === Code.InvalidArgument || code === Code.ResourceExhausted ? errorMessage(error) : "";
}
