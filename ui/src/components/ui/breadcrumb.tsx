import { Fragment } from "react";
import { Link } from "react-router-dom";

/** Crumb is one step of a breadcrumb trail; the last one is the current page. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb renders a trail such as Home / Resources / Article. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <Fragment key={`${item.label}-${i}`}>
              <li>
                {last || !item.to ? (
                  <span aria-current={last ? "page" : undefined}>{item.label}</span>
                ) : (
                  <Link to={item.to}>{item.label}</Link>
                )}
              </li>
              {last ? null : (
                <li aria-hidden="true" className="breadcrumb__sep">
                  /
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
