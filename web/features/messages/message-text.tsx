// Links in a message become text links; everything else stays text (React escapes it: a
// message is never rendered as HTML).
const LINK = /\b(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+)/gi;
// Punctuation that ends a sentence is not part of the link.
const TRAILING = /[.,;:!?)\]]+$/;

type Part = { text: string; href?: string };

export function splitLinks(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const link = raw.replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: link, href: link.startsWith("www.") ? `https://${link}` : link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {splitLinks(text).map((part, i) =>
        part.href ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
