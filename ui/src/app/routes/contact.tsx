import { ContactPage } from "@/features/contact/components/contact-page";

/** ContactRoute is /contact. */
export function ContactRoute() {
  return <ContactPage />;
}
