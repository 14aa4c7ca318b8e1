/**
 * Tenancies (issue 27) as the tenant's dashboard, the owner's and the administrators' queue all
 * show them: the period lived there and the kinds of documents that prove a stay.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** MONTH_NAMES are the months, January first, for month pickers. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** formatMonth renders the contract's YYYY-MM as "Mar 2023"; anything else is returned as it is. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const index = m ? Number(m[2]) - 1 : -1;
  return m && index >= 0 && index < 12 ? `${MONTHS[index]} ${m[1]}` : month;
}

/** formatPeriod renders a stay: "Mar 2023 – Jan 2025", or "Mar 2023 – now" while still living there. */
export function formatPeriod(fromMonth: string, toMonth: string): string {
  return `${formatMonth(fromMonth)} – ${toMonth ? formatMonth(toMonth) : "now"}`;
}

/** The documents that prove a stay (the upload's `kind` field), with their names. */
export const TENANCY_DOCUMENT_KINDS = [
  { value: "lease", label: "Lease" },
  { value: "rent_receipt", label: "Rent receipt" },
  { value: "deposit_certificate", label: "Deposit certificate" },
  { value: "utility_bill", label: "Utility bill" },
  { value: "council_tax_bill", label: "Council tax bill" },
] as const;

/** documentKindLabel names a document's kind ("rent_receipt" → "Rent receipt"). */
export function documentKindLabel(kind: string): string {
  return TENANCY_DOCUMENT_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/** proofWords says how a verified tenancy was proven. */
export function proofWords(proof: string): string {
  return proof === "landlord" ? "confirmed by the landlord" : proof === "documents" ? "documents checked" : "";
}
