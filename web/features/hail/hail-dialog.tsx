import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { hailPagePath } from "../../../contracts/routes.ts";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { useCurrentHail } from "./api.ts";
import { HailForm } from "./hail-form.tsx";
import { HAIL_DIALOG_DESCRIPTION, HAIL_DIALOG_TITLE } from "./strings.ts";

/** The hail dialog (loaded on the first click of the button). */
export default function HailDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const current = useCurrentHail(open);
  const openHail =
    current.data?.hail && ["awaiting_payment", "live"].includes(current.data.hail.status)
      ? current.data.hail
      : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={HAIL_DIALOG_TITLE}
        description={HAIL_DIALOG_DESCRIPTION}
        className="max-w-lg md:max-w-3xl"
      >
        {openHail ? (
          <Link
            to={hailPagePath(openHail.id)}
            onClick={() => onOpenChange(false)}
            className="mb-5 flex items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
          >
            You have an open hail. View it
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        ) : null}
        <HailForm onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
