import type { ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../../components/ui/dialog.tsx";
import { COMING_SOON_TITLE } from "./strings.ts";

/** A button for what a later release builds (photos, reviews), saying so honestly. */
export function ComingSoonButton({
  label,
  message,
  icon,
}: {
  label: string;
  message: string;
  icon: ReactNode;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {icon}
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={COMING_SOON_TITLE} description={message}>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">OK</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
