// A hop between the button and the dialog: the build lists every chunk a dynamic import needs
// beside the import (to preload them); listed in the button, that list alone would cost the
// first page load half a kilobyte. Here it costs nothing until the button is used.
export const loadHailDialog = () => import("./hail-dialog.tsx");
