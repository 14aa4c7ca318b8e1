import { ShieldAlert, ShieldCheck, ShieldQuestion } from "lucide-react";
import { SAFETY_NOTICE, verificationWords } from "../enquiry";

/**
 * SafetyNotice is what every enquiry dialog and thread says first: RentProof never asks for money
 * outside the site, and whether (and how) the listing is verified.
 */
export function SafetyNotice({ verified, method }: { verified: boolean; method: string }) {
  const Verified = verified && method !== "demo" ? ShieldCheck : ShieldQuestion;
  return (
    <div className="enquiry-safety" role="note" aria-label="Safety">
      <p>
        <ShieldAlert aria-hidden="true" size={18} /> <span>{SAFETY_NOTICE}</span>
      </p>
      <p>
        <Verified aria-hidden="true" size={18} /> <span>{verificationWords(verified, method)}</span>
      </p>
    </div>
  );
}
