/**
 * A small Markdown renderer for resource articles. It turns the subset that the
 * articles use (headings, paragraphs, lists, block quotes, code blocks, rules,
 * bold, italic, inline code and links) into React elements. It never produces
 * raw HTML: any HTML in the source is shown as text, and links keep only safe
 * targets (http, https, mailto, tel and site-relative paths).
 */
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router-dom";

/** Block is one block-level element of a Markdown document. */
export type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; start: number; items: string[] }
  | { kind: "quote"; text: string }
  | { kind: "code"; text: string }
  | { kind: "rule" };

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

/** parseBlocks splits a Markdown document into blocks. */
export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];

  const flushParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
      paragraph = [];
    }
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i];

    if (line.trim() === "") {
      flushParagraph();
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      flushParagraph();
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) {
        code.push(lines[i]);
        i++;
      }
      i++; // closing fence (or end of input)
      blocks.push({ kind: "code", text: code.join("\n") });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      blocks.push({ kind: "heading", level: heading[1].length, text: heading[2] });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      flushParagraph();
      blocks.push({ kind: "rule" });
      i++;
      continue;
    }

    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      flushParagraph();
      const isOrdered = ordered !== null;
      const pattern = isOrdered ? ORDERED : BULLET;
      const items: string[] = [];
      const start = ordered ? Number(ordered[1]) : 1;
      while (i < lines.length) {
        const current = lines[i];
        const item = pattern.exec(current);
        if (item) {
          items.push(isOrdered ? item[2] : item[1]);
        } else if (current.trim() !== "" && /^\s+/.test(current) && items.length > 0) {
          // An indented line continues the previous item.
          items[items.length - 1] += " " + current.trim();
        } else {
          break;
        }
        i++;
      }
      blocks.push({ kind: "list", ordered: isOrdered, start, items });
      continue;
    }

    if (QUOTE.test(line)) {
      flushParagraph();
      const quoted: string[] = [];
      let match: RegExpExecArray | null;
      while (i < lines.length && (match = QUOTE.exec(lines[i])) !== null) {
        quoted.push(match[1]);
        i++;
      }
      blocks.push({ kind: "quote", text: quoted.join(" ").trim() });
      continue;
    }

    paragraph.push(line.trim());
    i++;
  }
  flushParagraph();
  return blocks;
}

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

// Alternatives, in order: backslash escape, image, link, inline code, bold (** or __),
// italic (* or _). Underscore emphasis must not sit inside a word (snake_case stays).
const INLINE =
  /\\([\\`*_{}[\]()#+\-.!>])|!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)|\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)|`([^`]+)`|\*\*(?=\S)(.+?)\*\*|(?<![\w])__(?=\S)(.+?)__(?![\w])|\*(?=[^\s*])(.+?)\*|(?<![\w])_(?=[^\s_])(.+?)_(?![\w])/g;

/** renderInline turns inline Markdown into React nodes. */
export function renderInline(text: string, keyPrefix = "i"): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = new RegExp(INLINE.source, "g");
  let last = 0;
  let n = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const key = `${keyPrefix}-${n++}`;
    const [, escaped, imageAlt, , linkText, linkHref, linkTitle, code, bold1, bold2, italic1, italic2] =
      match;
    if (escaped !== undefined) {
      nodes.push(escaped);
    } else if (imageAlt !== undefined) {
      // Images inside articles are not loaded (they could point anywhere); keep the alt text.
      if (imageAlt) nodes.push(imageAlt);
    } else if (linkText !== undefined) {
      nodes.push(renderLink(linkText, linkHref, linkTitle, key));
    } else if (code !== undefined) {
      nodes.push(<code key={key}>{code}</code>);
    } else if (bold1 !== undefined || bold2 !== undefined) {
      nodes.push(<strong key={key}>{renderInline(bold1 ?? bold2, key)}</strong>);
    } else if (italic1 !== undefined || italic2 !== undefined) {
      nodes.push(<em key={key}>{renderInline(italic1 ?? italic2, key)}</em>);
    }
    last = pattern.lastIndex;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function renderLink(text: string, rawHref: string, title: string | undefined, key: string): ReactNode {
  const children = renderInline(text, key);
  const href = safeHref(rawHref);
  if (href === null) return <Fragment key={key}>{children}</Fragment>;
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link key={key} to={href} title={title}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <a
      key={key}
      href={href}
      title={title}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {children}
    </a>
  );
}

function renderBlock(block: Block, key: string): ReactNode {
  switch (block.kind) {
    case "heading": {
      // The page's own title is the h1, so article headings start at h2.
      const level = Math.min(block.level + 1, 6);
      const Tag = `h${level}` as "h2" | "h3" | "h4" | "h5" | "h6";
      return <Tag key={key}>{renderInline(block.text, key)}</Tag>;
    }
    case "paragraph":
      return <p key={key}>{renderInline(block.text, key)}</p>;
    case "list": {
      const items = block.items.map((item, j) => (
        <li key={`${key}-${j}`}>{renderInline(item, `${key}-${j}`)}</li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case "quote":
      return (
        <blockquote key={key}>
          <p>{renderInline(block.text, key)}</p>
        </blockquote>
      );
    case "code":
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      );
    case "rule":
      return <hr key={key} />;
  }
}

/** Markdown renders a Markdown document as React elements. */
export function Markdown({ source }: { source: string }) {
  return <>{parseBlocks(source).map((block, i) => renderBlock(block, `b${i}`))}</>;
}
