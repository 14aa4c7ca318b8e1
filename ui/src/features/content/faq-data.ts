/**
 * The FAQ's questions and answers. Every answer describes RentProof as it is built: where SPEC's
 * FAQ text promised what the product does not do, the answer says what it does instead (account
 * recovery is by security questions, with no emailed reset link; any owner of a property may
 * respond to its reviews, verified or not; a landlord's review of a tenant is the owner's account
 * of a tenancy at their property, shown in its own tab and never in the stars; anyone signed in,
 * owners included, may report a review, and an owner's report never hides it on its own).
 */
import { CURRENCIES, REVIEW_LANGUAGES } from "@/lib/vocab";
import {
  FACTS,
  MODERATION_TARGET,
  REPORT_REASON_LABELS,
  REVIEW_LABELS,
  REVIEW_LIMITS,
  SUPPORT,
  UNLABELLED_TYPES,
  formatFee,
  proof,
  reviewTypeName,
} from "./published-rules";
import type { FaqCategory } from "./faq";

const HOW_REVIEWS_WORK = { label: "How reviews work", to: "/how-reviews-work" };

/** buildFaq returns the FAQ's four categories (SPEC §2), in order. */
export function buildFaq(): FaqCategory[] {
  const fee = formatFee(FACTS.feeCents);
  const rated = FACTS.ratedTypes.map(reviewTypeName).join(", ");
  const labels = REVIEW_LABELS.map(({ label, types }) => `"${label}" on a ${types.map(reviewTypeName).join(" or ")}`).join("; ");
  return [
    {
      id: "general",
      title: "General Questions",
      items: [
        {
          id: "what-is-rentproof",
          question: "What is RentProof?",
          answer: [
            "RentProof is a rental-property review platform. Tenants, landlords, agents and property managers list rental properties, verify them and write reviews of the places they have lived in, let or managed.",
            "Anyone can search properties and read reviews without an account. With a free account you can write reviews, mark reviews as helpful, report reviews, save properties, list properties (landlords) and help verify listings.",
          ],
          links: [{ label: "Find properties", to: "/find-properties" }],
        },
        {
          id: "is-it-free",
          question: "Does RentProof cost anything?",
          answer: [
            "Searching, reading and writing reviews, listing a property and asking people to confirm a listing are free.",
            `The one paid service is optional: an owner may pay ${fee} (one-time, tax $0.00) for a priority check of a listing by our administrators. The fee buys the check, not the badge: if the administrators cannot confirm the listing they reject the check and the fee is refunded in full.`,
          ],
        },
        {
          id: "what-verified-means",
          question: "What does the Verified badge on a property mean?",
          answer: [
            `A verified property's badge reads "Verified", with the proof of how it was verified next to it: confirmed by people who know it ("${proof("confirmed", 2)}"), ownership documents checked by our administrators ("${proof("documents")}"), or a paid check by our administrators ("${proof("paid_check")}"). A property without one reads "Not verified yet".`,
            `The demonstration listings that come with the site were never checked; their badge says so ("${proof("demo")}").`,
            "In search results, the Featured order lists verified properties first. Verification never changes a property's rating or its reviews.",
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "verified-review",
          question: "What does the Verified label on a review mean?",
          answer: [
            `That RentProof checked the author's stay. A review is labelled ${labels}.`,
            `A tenant's review carries it when its author holds a verified tenancy at the property and wrote it after the tenancy began and no later than ${FACTS.reviewYearsAfter} years after it ended. A landlord's review carries it when it is about one verified tenancy at the landlord's verified property.`,
            "A tenancy is verified either by the property's owner confirming it (only for a verified property and an established tenant) or by our administrators checking the tenant's documents. The label follows the proof: it appears when a tenancy is verified after the review was written, and goes if the tenancy is withdrawn or revoked.",
            `${UNLABELLED_TYPES.map((t) => `An ${reviewTypeName(t).toLowerCase()}`).join(", ")} is never labelled: there is no proof yet that an agent worked on a property. A review without a label is one whose author's stay was not checked.`,
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "how-ratings-work",
          question: "How is a property's rating calculated?",
          answer: [
            `The stars are the average, rounded to one decimal, of the property's published reviews of these types: ${rated}, written by established members (accounts at least ${FACTS.establishedDays} days old with a published review) or by members who hold a verified tenancy at the property. A property without such reviews shows no average yet.`,
            "A new member's review is listed at once, marked \"New member · not counted yet\", and joins the stars by itself once its author's account is established. The property's page says how many reviews are listed and how many count.",
            "Reviews about the landlord, about the neighbourhood and landlords' reviews of tenants are shown in their own tabs with their own counts and never move the stars. Reviews hidden while moderators look at reports are left out too.",
            "A review rated 4 or 5 counts towards the property's \"recommend\" figure.",
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "tokens",
          question: "What are tokens?",
          answer: [
            `Tokens record the verification work you do for the community. Every new account opens with ${FACTS.openingTokens} tokens. You earn ${FACTS.verifierReward} token for a verification request you answer (approve or reject alike) when it came from the property's owner or from an established member you are not linked to, for up to ${FACTS.rewardedAnswersPerDay} rewarded answers a day, and ${FACTS.verifierReward} token when a property you asked a landlord to confirm is verified through your request and you are not linked to that landlord.`,
            "If an administrator finds that a request was arranged between the people on it, what it paid is taken back, as far as the balance goes: a balance never goes below zero.",
            "Every change to your balance is a line in your token history on your dashboard. Tokens cannot be bought, sold or exchanged for money, and there is nothing to spend them on yet.",
          ],
        },
        {
          id: "xp-levels-badges",
          question: "What are XP, levels and badges?",
          answer: [
            "Experience points (XP) reward contributions: publishing reviews, receiving helpful votes from established members, answering verification requests, listing properties, getting your properties verified and having a tenancy verified (once per tenancy). Each has a fixed number of points, most with a daily cap.",
            "Your level follows your XP, and badges mark milestones such as your first review. XP never depends on the rating you give or on how you answer a request. You can see your level, badges and the leaderboard on the Rewards page.",
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "where",
          question: "Which countries does RentProof cover?",
          answer: [
            `RentProof is open to properties anywhere. Rents can be shown in ${CURRENCIES.values.length} currencies, areas in square feet or square metres, and reviews can be written in ${REVIEW_LANGUAGES.values.length} languages.`,
            "Type a US ZIP code, a Canadian postal code or a UK postcode into the search box to open the page of that area, or a city or neighbourhood to search by place.",
          ],
        },
      ],
    },
    {
      id: "tenants",
      title: "For Tenants",
      items: [
        {
          id: "write-review",
          question: "How do I write a review?",
          answer: [
            `Sign in, open the property's page and press Write a Review. Give a rating from 1 to 5 stars, a title and your review; pros, cons, categories, up to ${REVIEW_LIMITS.photosMax} photos and how long you stayed are optional.`,
            `A title has ${REVIEW_LIMITS.titleMin} to ${REVIEW_LIMITS.titleMax} characters and a review ${REVIEW_LIMITS.contentMin} to ${REVIEW_LIMITS.contentMax}. Your review is published on the property's page as soon as you send it.`,
            "Photos upload as soon as you choose them, and we keep a resized copy with its location data and other metadata removed. Until you send the review only you can see them; photos you never send are deleted after a day. A review's photos are shown with it, and are hidden or removed with it.",
          ],
        },
        {
          id: "verify-stay",
          question: "How do I get my review labelled Verified?",
          answer: [
            "Claim your tenancy at the property: the month and year you moved in, and the month and year you left or that you still live there. It is verified in one of two ways:",
            `Your landlord confirms it. This counts only when the property is verified and your account is established (at least ${FACTS.establishedDays} days old with a published review). If your account and the owner's are linked (the same network or browser in the last ${FACTS.linkedWindowDays} days), or the owner has confirmed more than ${FACTS.maxOwnerConfirmations} tenancies in ${FACTS.ownerConfirmationsDays} days, an administrator decides instead.`,
            `Or you upload a lease, a rent receipt, a deposit certificate or a utility or council-tax bill in your name at that address, and our administrators decide. Only you and the administrators can open your documents, never the owner; they are deleted ${FACTS.tenancyDocumentRetentionDays} days after the decision.`,
            "A landlord cannot reject your claim: if they cannot confirm it, it goes to the documents path. You have one open claim per property, and can file again after a rejection. Your reviews of the property, earlier ones included, carry the label once the tenancy is verified, and a review by a verified tenant counts in the property's stars at once.",
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "review-types",
          question: "Which kinds of review can I write?",
          answer: [
            `As a tenant you can write a ${reviewTypeName("tenant_to_property")} of the property, a ${reviewTypeName("tenant_to_landlord")}, a ${reviewTypeName("tenant_to_neighborhood")} and a ${reviewTypeName("general")}.`,
            `You can write one review of each kind per property, and up to ${FACTS.maxReviewsPerDay} reviews in 24 hours. Landlord reviews are written only by the property's owner, and agent reviews only by agents.`,
          ],
        },
        {
          id: "who-sees-my-name",
          question: "What do other people see about me on a review?",
          answer: [
            "Your first name and the initial of your last name, with your initials in the avatar. Your email address, username and other account details are never shown on reviews.",
            "Please do not put personal details about anyone (yours or others') in a review.",
          ],
        },
        {
          id: "edit-review",
          question: "Can I change or delete my review?",
          answer: [
            "Not yet: a review cannot be edited or deleted from the site once it is published. Your dashboard lists all your reviews with their status.",
            "If you need one of your reviews taken down, write to us through the contact page, say which review it is, and we will remove it.",
          ],
          links: [{ label: "Contact us", to: "/contact" }],
        },
        {
          id: "helpful",
          question: "What does the Helpful button do?",
          answer: [
            "It tells other readers that a review helped you. You can mark each review once, and not your own. The number of helpful votes is shown on the review; it does not change the order of reviews.",
          ],
        },
        {
          id: "tenant-verify",
          question: "How can I help verify a property?",
          answer: [
            `On a property's page, press Verify Property and choose a landlord who knows the property. Only established members can ask (accounts at least ${FACTS.establishedDays} days old with a published review). When the landlord confirms, the property's owner must accept the confirmation (or an administrator does); you earn ${FACTS.verifierReward} token when the property is verified through your request, unless you and the landlord are linked accounts.`,
            `When an owner asks you to confirm one of their properties, the request appears on your dashboard. Approve it if the details are right, reject it if they are not: either answer earns you ${FACTS.verifierReward} token, as long as the request came from the owner or an established member you are not linked to, up to ${FACTS.rewardedAnswersPerDay} rewarded answers a day. Requests can be answered for ${FACTS.requestLifetimeDays} days.`,
          ],
        },
        {
          id: "answer-no-reward",
          question: "Why did my answer to a verification request earn nothing?",
          answer: [
            `An answer earns its token and XP only when the request came from the property's owner or from an established member, you are not linked to either of them, and it is one of your first ${FACTS.rewardedAnswersPerDay} rewarded answers that day (UTC). Other answers still count for the property; they just earn nothing.`,
            `Two accounts are linked when they signed in from the same network or with the same browser in the last ${FACTS.linkedWindowDays} days. An approval from an account linked to the owner or to the sender waits for an administrator and earns nothing until one approves it.`,
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "save",
          question: "Can I save properties to look at later?",
          answer: [
            `Yes. Signed in, press the heart on a property card or page. You can keep up to ${FACTS.maxSaved} properties saved, and find them on your dashboard.`,
          ],
        },
      ],
    },
    {
      id: "landlords",
      title: "For Landlords",
      items: [
        {
          id: "list-property",
          question: "How do I list my property?",
          answer: [
            "Register with the role Landlord (or sign in), then choose Add Your Property. Fill in the basic information, location and property details, choose the amenities and upload photos.",
            `Every listing needs at least one photo and can have up to ${REVIEW_LIMITS.imagesMax}. JPEG, PNG, GIF and WebP are accepted; we store a resized copy of each photo with its location data and other metadata removed.`,
          ],
          links: [{ label: "Add Your Property", to: "/add-property" }],
        },
        {
          id: "landlord-verify",
          question: "How do I get my property verified?",
          answer: [
            `Ask people who know it: on your property's page choose Request Verification and pick up to ${FACTS.maxVerifiers} people by username. Each must have had an account for at least ${FACTS.establishedDays} days and published a review. The property is verified when one of them approves; an approval from an account linked to yours (the same network or browser in the last ${FACTS.linkedWindowDays} days) waits for an administrator.`,
            "Someone else may ask a landlord to confirm your listing from its page. If the landlord confirms it, the confirmation appears under Verification Requests on your dashboard: it verifies your listing only if you accept it, and you may decline it.",
            `Send ownership documents: choose Verify with Documents and upload a deed, a title or a tax bill (JPEG, PNG, WebP or PDF, up to ${FACTS.documentMaxMB} MB each). Our administrators check them and approve or reject with a message. The documents are private: only you, the administrators and the people you asked to confirm the property can open them.`,
            `Pay for a priority check (${fee}, one-time): an administrator checks the listing first. The fee is refunded in full if the check is rejected.`,
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "confirm-tenancy",
          question: "A tenant says they lived at my property. What do I do?",
          answer: [
            `Confirm the claim if it is right. Your confirmation verifies the tenancy only when your property is verified and the tenant's account is established. It waits for an administrator when the tenant's account is linked to yours, or when you have confirmed more than ${FACTS.maxOwnerConfirmations} tenancies in ${FACTS.ownerConfirmationsDays} days.`,
            "If you cannot confirm it, answer \"I can't confirm this\" with a message: the claim goes to our administrators, who check the tenant's documents. You cannot reject a claim, and you never see the tenant's documents.",
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "respond",
          question: "Can I respond to reviews of my property?",
          answer: [
            "Yes. As the property's owner you can post one public response under each of its reviews, and edit it later. Your property does not need to be verified for that. Your response is shown with the review.",
          ],
        },
        {
          id: "review-tenants",
          question: "Can landlords review tenants?",
          answer: [
            `Yes. The owner of a property, with the role Landlord, can write a ${reviewTypeName("landlord_to_tenant")} on that property's page: an account of a tenancy there. It is shown in the property's Landlord tab and does not count in the property's rating.`,
            "Written about a verified tenancy at your verified property (one review per tenancy), it is labelled \"Verified Landlord\" and names the tenant by first name and initial. Otherwise it is not linked to a tenant's account, so please do not name the tenant or include their personal details.",
            `Your review of a verified tenancy and that tenant's review of you stay hidden from everyone but their authors until both are posted or ${FACTS.revealDays} days have passed since the first. After that neither can be changed, only answered.`,
          ],
        },
        {
          id: "own-property",
          question: "Can I review my own property or remove a negative review?",
          answer: [
            "No. Owners cannot rate their own property under any review type, and nobody can pay to publish, move or remove a review.",
            `If a review breaks the rules, report it like anyone else: our moderators look at every report. An owner's reports never hide a review on their own; a review is hidden before a moderator decides only after reports from ${FACTS.hideAfterReports} established members on different networks and browsers, none of them linked to the review's author, to the property's owner or to each other.`,
          ],
          links: [HOW_REVIEWS_WORK],
        },
        {
          id: "edit-listing",
          question: "Can I edit my listing?",
          answer: [
            "Yes: press Edit next to it in My Properties on your dashboard. Only you, as its landlord, can edit it. If you change the address, city, state, postal code or country of a property, its verification is withdrawn and every verification request still open for the old address is closed, because the proof was about the old address; a paid check no administrator has decided yet is refunded in full. You can then have it verified again.",
          ],
        },
        {
          id: "report",
          question: "How do I report a review?",
          answer: [
            `Signed in, press Report on the review, choose a reason (${REPORT_REASON_LABELS.join(", ")}) and add details if you like. You can report each review once, and not your own.`,
            `Every report goes to our moderators, who restore or remove the review. We aim to decide within ${MODERATION_TARGET}.`,
          ],
          links: [HOW_REVIEWS_WORK],
        },
      ],
    },
    {
      id: "support",
      title: "Technical Support",
      items: [
        {
          id: "forgot-password",
          question: "I forgot my password. How do I reset it?",
          answer: [
            "Go to Forgot password? on the sign-in page and enter your email address: if it belongs to an account, we email a link that sets a new password. The link works once and expires after 24 hours.",
            "Or enter your email address and username and answer the two security questions you chose (case and spacing do not matter), then choose a new password. Resetting your password signs you out on every device.",
            "If you can no longer read that mailbox and have not set security questions, contact us and we will help.",
          ],
          links: [{ label: "Reset your password", to: "/forgot-password" }],
        },
        {
          id: "security-questions",
          question: "How do I set my security questions?",
          answer: [
            "Signed in, open your dashboard and choose Set Security Questions (or Settings › Security questions). Pick two different questions, give an answer to each and enter your current password: the answers can reset your password, so changing them needs it. We store the answers only in a scrambled (hashed) form, so nobody, our staff included, can read them.",
          ],
          links: [{ label: "Set Security Questions", to: "/dashboard/security-questions" }],
        },
        {
          id: "sign-in-wait",
          question: "Why am I asked to wait before signing in again?",
          answer: [
            `After ${FACTS.signInFailures} failed attempts to sign in with one username or email address from the same network within ${FACTS.signInWindowMinutes} minutes, further attempts from there wait until the time shown. This stops password guessing without locking you out: a browser you have signed in with before is counted on its own.`,
          ],
        },
        {
          id: "session",
          question: "How long do I stay signed in?",
          answer: [
            `Up to ${FACTS.sessionDays} days after you sign in, or until you have been away for ${FACTS.sessionIdleDays} days. Signing out, or resetting your password, ends the session. Settings › Sessions lists the browsers signed in to your account and signs out any of them; changing your password there signs out every other one.`,
          ],
        },
        {
          id: "uploads",
          question: "My photo or document will not upload. What can I do?",
          answer: [
            `Listing and review photos can be JPEG, PNG, GIF or WebP. Ownership documents can be JPEG, PNG, WebP or PDF, up to ${FACTS.documentMaxMB} MB each. Files are recognised by their content, so a renamed file of another type is refused.`,
            "If a file still fails, try a smaller copy or another format, then contact us with the message you saw.",
          ],
        },
        {
          id: "accessibility",
          question: "Can I use RentProof with a keyboard or a screen reader?",
          answer: [
            "Yes. Every page can be used with the keyboard alone and is tested with automated accessibility checks. If something gets in your way, tell us: we answer accessibility feedback within 5 business days.",
          ],
          links: [{ label: "Accessibility statement", to: "/accessibility" }],
        },
        {
          id: "contact-support",
          question: "How do I contact support?",
          answer: [
            `Use the contact form. We answer ${SUPPORT.response}; support hours are ${SUPPORT.hours}.`,
          ],
          links: [{ label: "Contact us", to: "/contact" }],
        },
      ],
    },
  ];
}
