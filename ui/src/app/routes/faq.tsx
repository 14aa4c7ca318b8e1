import { FaqPage } from "@/features/content/components/faq-page";
import { buildFaq } from "@/features/content/faq-data";

/** The FAQ's questions, built once. */
const CATEGORIES = buildFaq();

/** FaqRoute is /faq. */
export function FaqRoute() {
  return <FaqPage categories={CATEGORIES} />;
}
