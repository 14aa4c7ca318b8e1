import { Briefcase, Check, Link2, MessageCircle, Share2, Smartphone, ThumbsUp, AtSign, type LucideIcon } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import "./share-control.css";

/** How long the copy item says "Copied", in milliseconds (SPEC §9). */
export const COPIED_MS = 2000;

/** ShareContent is what is shared: a link with a title and a one-line description. */
export interface ShareContent {
  url: string;
  title: string;
  text: string;
}

interface ShareTarget {
  name: string;
  icon: LucideIcon;
  href: (c: ShareContent) => string;
}

const enc = encodeURIComponent;

/**
 * The networks of SPEC §2 "Share control": two social networks, a professional
 * network and a messaging service. Each opens its own share page in a new tab.
 */
export const SHARE_TARGETS: ShareTarget[] = [
  {
    name: "Facebook",
    icon: ThumbsUp,
    href: (c) => `https://www.facebook.com/sharer/sharer.php?u=${enc(c.url)}`,
  },
  {
    name: "X (Twitter)",
    icon: AtSign,
    href: (c) => `https://x.com/intent/post?text=${enc(c.title)}&url=${enc(c.url)}`,
  },
  {
    name: "LinkedIn",
    icon: Briefcase,
    href: (c) => `https://www.linkedin.com/sharing/share-offsite/?url=${enc(c.url)}`,
  },
  {
    name: "WhatsApp",
    icon: MessageCircle,
    href: (c) => `https://wa.me/?text=${enc(`${c.title}: ${c.text} ${c.url}`)}`,
  },
];

/** copyText puts text on the clipboard, with the old selection trick where the Clipboard API is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand?.("copy");
  area.remove();
  if (!ok) throw new Error("copy is not available");
}

interface ShareControlProps {
  content: ShareContent;
  className?: string;
}

/**
 * ShareControl is the Share menu (SPEC §2): the four networks, Copy link (which
 * reads "Copied" for 2 seconds and toasts "Link copied") and, when the device
 * offers it, its own share sheet ("Shared successfully"; failures and cancels are
 * ignored, as SPEC §8 says).
 */
export function ShareControl({ content, className }: ShareControlProps) {
  const [copied, setCopied] = useState(false);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const canShareNatively = typeof navigator !== "undefined" && typeof navigator.share === "function";

  const copy = async () => {
    try {
      await copyText(content.url);
    } catch {
      toast({
        title: "Couldn't copy the link",
        description: `Copy it from here: ${content.url}`,
        variant: "destructive",
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    toast({ title: "Link copied", description: "Link has been copied to clipboard" });
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title: content.title, text: content.text, url: content.url });
      toast({ title: "Shared successfully", description: "Content shared via your device" });
    } catch {
      // Cancelled or refused: nothing to tell (SPEC §8).
    }
  };

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" className={["share-control", className].filter(Boolean).join(" ")}>
          <Share2 aria-hidden="true" size={16} /> Share
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu share-menu"
          align="end"
          sideOffset={8}
          // The "Link copied" toast is a layer above the menu, and the top layer takes Escape: the
          // menu, which has the focus, closes on the same key (and gives the focus back to Share).
          onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
        >
          <DropdownMenu.Label className="menu__label">Share this property</DropdownMenu.Label>
          {SHARE_TARGETS.map((target) => {
            const Icon = target.icon;
            return (
              <DropdownMenu.Item key={target.name} asChild className="menu__item">
                <a href={target.href(content)} target="_blank" rel="noopener noreferrer">
                  <Icon aria-hidden="true" size={16} /> {target.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item
            className="menu__item"
            onSelect={(event) => {
              // Keep the menu open so the item can say "Copied".
              event.preventDefault();
              void copy();
            }}
          >
            {copied ? (
              <>
                <Check aria-hidden="true" size={16} /> Copied
              </>
            ) : (
              <>
                <Link2 aria-hidden="true" size={16} /> Copy link
              </>
            )}
          </DropdownMenu.Item>
          {canShareNatively ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => void shareNatively()}>
              <Smartphone aria-hidden="true" size={16} /> Share via device
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
