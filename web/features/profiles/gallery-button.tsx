import type { ComponentProps } from "react";
import { Button } from "../../components/ui/button.tsx";

/** 'View full gallery': the gallery dialog's trigger, also shown while the dialog's code loads. */
export function GalleryButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="sm" {...props}>
      View full gallery
    </Button>
  );
}
