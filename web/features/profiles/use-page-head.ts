import { useEffect } from "react";

function setMeta(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attr, value);
}

/**
 * Keeps title, description and canonical link right after in-app navigation (the server
 * already sends them on a direct visit).
 */
export function usePageHead(
  head: { title: string; description: string; canonical: string } | null,
) {
  const title = head?.title;
  const description = head?.description;
  const canonical = head?.canonical;
  useEffect(() => {
    if (!title || !description || !canonical) return;
    document.title = title;
    setMeta(
      'meta[name="description"]',
      () => Object.assign(document.createElement("meta"), { name: "description" }),
      "content",
      description,
    );
    setMeta(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement("link"), { rel: "canonical" }),
      "href",
      canonical,
    );
  }, [title, description, canonical]);
}
