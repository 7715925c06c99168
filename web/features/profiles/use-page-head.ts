import { useEffect } from "react";
import type { PageMeta } from "../../../contracts/page-head.ts";

function setHeadElement(tag: "meta" | "link", key: [string, string], attr: string, value: string) {
  const [keyAttr, keyValue] = key;
  let element = document.head.querySelector<HTMLElement>(`${tag}[${keyAttr}="${keyValue}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(keyAttr, keyValue);
    document.head.append(element);
  }
  element.setAttribute(attr, value);
}

/**
 * Keeps title, description, canonical link and Open Graph tags right after in-app navigation
 * (the server already sends the same head, from the same function, on a direct visit).
 */
export function usePageHead(head: PageMeta | null, structuredData?: object) {
  const title = head?.title;
  const description = head?.description;
  const canonicalPath = head?.canonicalPath;
  const image = head?.image;
  useEffect(() => {
    if (!title || !description || !canonicalPath) return;
    const absolute = (url: string) => new URL(url, window.location.origin).href;
    const canonical = absolute(canonicalPath);
    document.title = title;
    setHeadElement("meta", ["name", "description"], "content", description);
    setHeadElement("link", ["rel", "canonical"], "href", canonical);
    setHeadElement("meta", ["property", "og:title"], "content", title);
    setHeadElement("meta", ["property", "og:description"], "content", description);
    setHeadElement("meta", ["property", "og:url"], "content", canonical);
    if (image) setHeadElement("meta", ["property", "og:image"], "content", absolute(image));
    else document.head.querySelector('meta[property="og:image"]')?.remove();
  }, [title, description, canonicalPath, image]);
  const jsonLd = structuredData ? JSON.stringify(structuredData) : null;
  useEffect(() => {
    // The server sends the profile's JSON-LD with the page; after in-app navigation it must
    // describe the profile now shown, and go with it.
    const selector = 'script[type="application/ld+json"]';
    for (const stale of document.head.querySelectorAll(selector)) stale.remove();
    if (!jsonLd) return;
    const script = document.createElement("script");
    script.type = "application/ld+json";
    script.textContent = jsonLd;
    document.head.append(script);
    return () => script.remove();
  }, [jsonLd]);
}
