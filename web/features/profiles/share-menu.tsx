import { Copy, Share2 } from "lucide-react";
import { Popover } from "radix-ui";
import { SHARE_POPUP } from "../../../contracts/constants.ts";
import { showError } from "../../lib/api-errors.ts";
import { toast } from "../../lib/toast.ts";

type ShareTarget = { label: string; url: (link: string, text: string, image: string) => string };

// Share endpoints that take a URL and open in a 600×600 pop-up.
const POPUP_TARGETS: ShareTarget[] = [
  {
    label: "WhatsApp",
    url: (link, text) => `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`,
  },
  {
    label: "Facebook",
    url: (link) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
  },
  {
    label: "X",
    url: (link, text) =>
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
  },
  {
    label: "Pinterest",
    url: (link, text, image) =>
      `https://pinterest.com/pin/create/button/?url=${encodeURIComponent(link)}&media=${encodeURIComponent(image)}&description=${encodeURIComponent(text)}`,
  },
];

// No web share endpoint: copy the link, then open the site to paste it.
const COPY_TARGETS = [
  { label: "Instagram", site: "https://www.instagram.com/" },
  { label: "TikTok", site: "https://www.tiktok.com/" },
];

function openPopup(url: string) {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, (window.screen.width - width) / 2);
  const top = Math.max(0, (window.screen.height - height) / 2);
  window.open(
    url,
    "share",
    `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`,
  );
}

async function copy(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Link copied");
    return true;
  } catch {
    showError("Could not copy the link", link);
    return false;
  }
}

const canShareNatively = () => typeof navigator !== "undefined" && "share" in navigator;

async function nativeShare(link: string, text: string): Promise<boolean> {
  try {
    await navigator.share({ title: text, text, url: link });
    return true;
  } catch (error) {
    // The person closing the share sheet is not a failure.
    return error instanceof DOMException && error.name === "AbortError";
  }
}

export function ShareMenu({ link, text, image }: { link: string; text: string; image: string }) {
  const itemClass =
    "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-ink-800 hover:bg-ink-100";
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Share"
        className="inline-flex items-center gap-1 rounded-lg px-1 py-1 text-sm text-ink-600 hover:bg-ink-100 sm:px-2"
      >
        <Share2 className="size-4" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Share"
          sideOffset={6}
          align="end"
          className="z-40 w-52 rounded-xl border border-ink-200 bg-white p-1.5 shadow-xl"
        >
          <p className="px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-ink-500">
            Share
          </p>
          {POPUP_TARGETS.map((t) => (
            <button
              key={t.label}
              type="button"
              className={itemClass}
              onClick={() => openPopup(t.url(link, text, image))}
            >
              {t.label}
            </button>
          ))}
          {COPY_TARGETS.map((t) => (
            <button
              key={t.label}
              type="button"
              className={itemClass}
              onClick={async () => {
                if (canShareNatively() && (await nativeShare(link, text))) return;
                if (await copy(link)) window.open(t.site, "_blank", "noopener,noreferrer");
              }}
            >
              {t.label}
            </button>
          ))}
          {canShareNatively() ? (
            <button
              type="button"
              className={itemClass}
              onClick={() => void nativeShare(link, text)}
            >
              More options…
            </button>
          ) : null}
          <button type="button" className={itemClass} onClick={() => void copy(link)}>
            <Copy className="size-4" aria-hidden />
            Copy link
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
