import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import type { Crumb } from "@/components/ui/breadcrumb";
import { usePageTitle } from "@/lib/use-page-title";

interface PlaceholderPageProps {
  /** The page's h1 and document title; may use route params. */
  title: string | ((params: Record<string, string | undefined>) => string);
  breadcrumb?: Crumb[];
  children?: ReactNode;
}

/**
 * PlaceholderPage stands in for a screen that later work builds: it already has
 * the page's title, breadcrumb and document title, so routing and navigation work.
 */
export function PlaceholderPage({ title, breadcrumb, children }: PlaceholderPageProps) {
  const params = useParams();
  const text = typeof title === "function" ? title(params) : title;
  usePageTitle(text);
  return (
    <>
      <PageHeader title={text} breadcrumb={breadcrumb} />
      {children ? <div className="container section">{children}</div> : null}
    </>
  );
}
