/** What the contact page states about reaching RentProof (SPEC §2 "Contact", §9). */

/** SPEC §9: the response promise and support hours. */
export const SUPPORT = {
  response: "within 24 hours",
  hours: "Monday to Friday, 9 AM to 5 PM EST",
} as const;

/** The office: its address and position for the map. */
export const OFFICE = {
  name: "RentProof, Inc.",
  address: "228 Park Avenue South, Suite 400, New York, NY 10003, United States",
  latitude: "40.7368",
  longitude: "-73.9881",
} as const;

/** The general mailbox and phone line. */
export const GENERAL = {
  email: "support@rentproof.com",
  phone: "+1 (212) 555-0142",
  phoneHref: "tel:+12125550142",
} as const;

/** SPEC §2: the specific-inquiry mailboxes (landlord, press, abuse report). */
export const MAILBOXES = [
  {
    title: "Landlords & property managers",
    email: "landlords@rentproof.com",
    description: "Listing, verifying or editing your properties, and responding to reviews.",
  },
  {
    title: "Press & media",
    email: "press@rentproof.com",
    description: "Interviews, data requests and our press kit.",
  },
  {
    title: "Report abuse",
    email: "abuse@rentproof.com",
    description: "Fake listings, fraud, harassment or a review that breaks our rules.",
  },
] as const;
