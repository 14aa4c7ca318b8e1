import { HomePage } from "@/features/home/components/home-page";

/** HomeRoute is the landing page, /. */
export function HomeRoute() {
  return <HomePage />;
}
