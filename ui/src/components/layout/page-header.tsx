import type { ReactNode } from "react";
import { Breadcrumb, type Crumb } from "@/components/ui/breadcrumb";

interface PageHeaderProps {
  title: string;
  /** The trail above the title; "Home / {title}" when omitted. */
  breadcrumb?: Crumb[];
  children?: ReactNode;
}

/** PageHeader is the band at the top of a content page: breadcrumb, h1, intro. */
export function PageHeader({ title, breadcrumb, children }: PageHeaderProps) {
  const trail = breadcrumb ?? [{ label: "Home", to: "/" }, { label: title }];
  return (
    <div className="page-header">
      <div className="container">
        <Breadcrumb items={trail} />
        <h1 className="page-header__title">{title}</h1>
        {children ? <div className="page-header__intro">{children}</div> : null}
      </div>
    </div>
  );
}
