import { useEffect } from "react";

/** SITE_NAME is the product name used in page titles. */
export const SITE_NAME = "RentProof";

/** pageTitle formats a document title: "{title} | RentProof", or just "RentProof". */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

/** usePageTitle sets the document title while the calling screen is shown. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
