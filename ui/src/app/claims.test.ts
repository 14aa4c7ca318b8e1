import { getOption } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { file_rentproof_vocab_v1_rules, published } from "@/gen/rentproof/vocab/v1/rules_pb";
import FALSE_CLAIMS_JSON from "./false-claims.json";

/**
 * No page claims more than the product checks (issue 27). Every text the app shows — its code,
 * its page titles and descriptions (page-meta.json, index.html) — is read here, comments left
 * out, and held to the claims false-claims.json lists and to the rules the contract declares
 * (rules.proto's published rules, which the server enforces). The heads the server writes are
 * held to the same list by internal/web's TestNoFalseClaims.
 */
const SOURCES: Record<string, string> = {
  ...import.meta.glob(["/src/**/*.{ts,tsx,json}", "!/src/**/*.test.{ts,tsx}", "!/src/gen/**", "!/src/test/**", "!/src/app/false-claims.json"], {
    query: "?raw",
    import: "default",
    eager: true,
  }),
  ...import.meta.glob("/index.html", { query: "?raw", import: "default", eager: true }),
};

/** withoutComments drops block and line comments (TS, Go), which describe code and are not shown. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

const declared = getOption(file_rentproof_vocab_v1_rules, published);

/** The claims no page may make (case ignored), each with why it would be false. */
const FALSE_CLAIMS = FALSE_CLAIMS_JSON.map(({ claim, because }) => ({ claim: new RegExp(claim, "i"), because }));

describe("the site's claims", () => {
  const texts = Object.entries(SOURCES).map(([path, text]) => ({ path, text: withoutComments(text) }));

  it("reads every page's text, page-meta.json and index.html", () => {
    const paths = texts.map((t) => t.path);
    expect(paths).toContain("/src/app/page-meta.json");
    expect(paths).toContain("/index.html");
    expect(paths).toContain("/src/features/content/components/how-reviews-work-page.tsx");
  });

  it.each(FALSE_CLAIMS)("never says $claim: $because", ({ claim }) => {
    expect(texts.filter(({ text }) => claim.test(text)).map((t) => t.path)).toEqual([]);
  });

  it("says 'verified review' only while the contract declares the tenancy rules that verify one, which the trust page explains", () => {
    const saying = texts.filter(({ text }) => /verified reviews?\b/i.test(text)).map((t) => t.path);
    if (declared.tenancy === undefined) {
      expect(saying).toEqual([]);
      return;
    }
    const page = texts.find((t) => t.path.endsWith("/how-reviews-work-page.tsx"))?.text ?? "";
    for (const figure of ["maxOwnerConfirmations", "ownerConfirmationsDays", "revealDays", "reviewYearsAfter", "tenancyDocumentRetentionDays"]) {
      expect(page).toContain(`FACTS.${figure}`);
    }
    expect(page).toContain("REVIEW_LABELS");
  });
});
