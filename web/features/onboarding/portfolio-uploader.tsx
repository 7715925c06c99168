import { ChevronLeft, ChevronRight, ImagePlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { IMAGE_UPLOAD_MAX_BYTES, imageUrl } from "../../../contracts/media.ts";
import { PORTFOLIO_HINT } from "../../../contracts/profile-setup.ts";
import type { PortfolioItem } from "../../../contracts/profiles.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { showError, toastApiError } from "../../lib/api-errors.ts";
import { type ProfileSetupActions, UPLOAD_FAILED } from "./api.ts";
import { pickedFiles, useBusyAction } from "./upload-actions.ts";

export function PortfolioUploader({
  items,
  actions,
}: {
  items: PortfolioItem[];
  actions: ProfileSetupActions;
}) {
  const [uploading, setUploading] = useState(0);
  const { busy, run } = useBusyAction();

  const pick = async (list: FileList | null) => {
    const files = pickedFiles(list);
    if (!files.length) return;
    const ok = files.filter((file) => {
      if (!file.type.startsWith("image/")) showError(`${file.name} is not an image.`);
      else if (file.size > IMAGE_UPLOAD_MAX_BYTES)
        showError(`${file.name} is too large (15 MB at most).`);
      else return true;
      return false;
    });
    setUploading(ok.length);
    try {
      await actions.uploadPortfolio(ok);
    } catch (error) {
      toastApiError(error, "Error", { description: UPLOAD_FAILED });
    } finally {
      setUploading(0);
    }
  };

  const move = (index: number, by: number) => {
    const ids = items.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run(() => actions.reorder(ids));
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-sm font-medium text-ink-800">Portfolio</p>
        <p className="text-xs text-ink-500">
          Upload {PORTFOLIO_HINT.min}-{PORTFOLIO_HINT.max} of your best photos. The first one is
          your cover image; location data is removed from every photo.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Portfolio images">
        {items.map((item, index) => (
          <li key={item.id} className="group relative overflow-hidden rounded-xl bg-ink-100">
            <img
              src={imageUrl(item.imageKey, "thumb")}
              alt={`Portfolio ${index + 1}`}
              className="aspect-square w-full object-cover"
              loading="lazy"
            />
            {index === 0 ? (
              <Badge variant="dark" className="absolute left-2 top-2">
                Cover
              </Badge>
            ) : null}
            <div className="absolute inset-x-0 bottom-0 flex justify-between bg-gradient-to-t from-ink-950/70 p-1.5">
              <span className="flex gap-1">
                <button
                  type="button"
                  aria-label={`Move image ${index + 1} earlier`}
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                  className="rounded-md bg-white/90 p-1 text-ink-800 disabled:opacity-40"
                >
                  <ChevronLeft className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={`Move image ${index + 1} later`}
                  disabled={busy || index === items.length - 1}
                  onClick={() => move(index, 1)}
                  className="rounded-md bg-white/90 p-1 text-ink-800 disabled:opacity-40"
                >
                  <ChevronRight className="size-4" />
                </button>
              </span>
              <button
                type="button"
                aria-label={`Delete image ${index + 1}`}
                disabled={busy}
                onClick={() => void run(() => actions.deleteImage(item.id))}
                className="rounded-md bg-white/90 p-1 text-red-600 disabled:opacity-40"
              >
                <Trash2 className="size-4" />
              </button>
            </div>
          </li>
        ))}
        <li>
          <label className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-ink-300 p-2 text-center text-xs text-ink-500 hover:border-brand-400 hover:text-brand-700">
            {uploading ? <Spinner label="Uploading" /> : <ImagePlus className="size-7" />}
            {uploading ? `Uploading ${uploading}...` : "Add photos"}
            <input
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              aria-label="Upload portfolio photos"
              disabled={uploading > 0}
              onChange={(e) => {
                void pick(e.target.files);
                e.target.value = "";
              }}
            />
          </label>
        </li>
      </ul>
      <p className="text-xs text-ink-500">{items.length} photo(s) uploaded</p>
    </div>
  );
}
