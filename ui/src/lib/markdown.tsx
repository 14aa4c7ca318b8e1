/**
 * Resource articles in Markdown, rendered by react-markdown (CommonMark). Raw HTML in
 * the source is never rendered: it shows as text. Links keep only safe targets (http,
 * https, mailto, tel and site-relative paths; site paths go through the router), and
 * images are not loaded (they could point anywhere): their alt text stays.
 */
import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "react-router-dom";

/**
 * safeHref returns the link target if it is safe to render, or null. Allowed:
 * http(s), mailto and tel URLs, site-relative paths and fragment links.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (href === "") return null;
  if (/^(https?:|mailto:|tel:)/i.test(href)) return href;
  if (href.startsWith("//")) return null;
  if (href.startsWith("/") || href.startsWith("#") || href.startsWith("./") || href.startsWith("../")) {
    return href;
  }
  // A relative path without a scheme ("guides/lease") is harmless; anything with a
  // scheme-like prefix ("javascript:", "data:") before the first slash is not.
  const colon = href.indexOf(":");
  const slash = href.indexOf("/");
  if (colon === -1 || (slash !== -1 && slash < colon)) return href;
  return null;
}

function SafeLink({ href, title, children }: ComponentProps<"a">) {
  const target = href ? safeHref(href) : null;
  if (target === null) return <>{children}</>;
  if (target.startsWith("/")) {
    return (
      <Link to={target} title={title}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(target);
  return (
    <a href={target} title={title} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}

/** MdNode is what headingsUnderTitle reads of a Markdown syntax tree's nodes. */
interface MdNode {
  type: string;
  depth?: number;
  children?: MdNode[];
}

/**
 * headingsUnderTitle is a remark plugin: the page's own title is the h1, so a document's top
 * heading level becomes h2 and the levels under it follow, whether the document starts at "#"
 * or at "##" (the demo articles do; shifting each level by one made them skip from h1 to h3).
 */
function headingsUnderTitle() {
  return (tree: MdNode) => {
    const headings: MdNode[] = [];
    const walk = (node: MdNode) => {
      if (node.type === "heading") headings.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    const top = Math.min(...headings.map((h) => h.depth ?? 1));
    for (const h of headings) h.depth = Math.min(6, (h.depth ?? 1) - top + 2);
  };
}

const REMARK_PLUGINS = [headingsUnderTitle];

const COMPONENTS: Components = {
  a: ({ href, title, children }) => (
    <SafeLink href={href} title={title}>
      {children}
    </SafeLink>
  ),
  img: ({ alt }) => (alt ? <>{alt}</> : null),
};

/** Markdown renders a Markdown document as React elements. */
export function Markdown({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
      {source}
    </ReactMarkdown>
  );
}
