import { Link } from "react-router";
import { BRAND_NAME } from "../../contracts/constants.ts";
import { cn } from "../lib/cn.ts";

/** The mark is the favicon, so index.html's first-paint header shows the very same logo. */
export function Logo({ to = "/", tone = "dark" }: { to?: string; tone?: "dark" | "light" }) {
  return (
    <Link
      to={to}
      className={cn(
        "flex items-center gap-2 rounded-lg font-extrabold tracking-tight",
        tone === "dark" ? "text-ink-900" : "text-white",
      )}
    >
      <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
      <span className="text-lg">{BRAND_NAME}</span>
    </Link>
  );
}
