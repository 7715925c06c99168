import { Aperture } from "lucide-react";
import { Link } from "react-router";
import { BRAND_NAME } from "../../../contracts/constants.ts";

export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-extrabold tracking-tight text-ink-900">
      <span className="grid size-9 place-items-center rounded-xl bg-ink-900 text-brand-400">
        <Aperture className="size-5" aria-hidden />
      </span>
      <span className="text-lg">{BRAND_NAME}</span>
    </Link>
  );
}
