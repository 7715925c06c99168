import { Aperture } from "lucide-react";
import { Link } from "react-router";
import { BRAND_NAME } from "../../../contracts/constants.ts";
import { cn } from "../../lib/cn.ts";

export function Logo({ to = "/", tone = "dark" }: { to?: string; tone?: "dark" | "light" }) {
  return (
    <Link
      to={to}
      className={cn(
        "flex items-center gap-2 rounded-lg font-extrabold tracking-tight",
        tone === "dark" ? "text-ink-900" : "text-white",
      )}
    >
      <span className="grid size-9 place-items-center rounded-xl bg-linear-to-br from-brand-400 to-brand-600 text-white shadow-sm shadow-brand-600/30">
        <Aperture className="size-5" aria-hidden />
      </span>
      <span className="text-lg">{BRAND_NAME}</span>
    </Link>
  );
}
