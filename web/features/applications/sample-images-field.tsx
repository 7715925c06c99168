import { ImagePlus, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { APPLICATION_SAMPLE_IMAGES_MAX } from "../../../contracts/applications.ts";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../../contracts/media.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { isApiError, showError } from "../../lib/api-errors.ts";
import { uploadSampleImage } from "./api.ts";

export type SampleImage = {
  id: string;
  preview: string;
  uploading: boolean;
  /** Resolves with the stored key, or null when the upload failed (the image is then dropped). */
  upload: Promise<string | null>;
};

/** Images only, size-limited; each uploads as soon as it is picked and shows a preview. */
export function SampleImagesField({
  images,
  onChange,
}: {
  images: SampleImage[];
  onChange: (update: (prev: SampleImage[]) => SampleImage[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const urls = useRef(new Set<string>());
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const add = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    const room = APPLICATION_SAMPLE_IMAGES_MAX - images.length;
    if (picked.length > room)
      showError(`You can attach up to ${APPLICATION_SAMPLE_IMAGES_MAX} sample images.`);
    for (const file of picked.slice(0, Math.max(0, room))) {
      if (!file.type.startsWith("image/")) {
        showError(`${file.name} is not an image.`);
        continue;
      }
      if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
        showError(`${file.name} is too large (15 MB at most).`);
        continue;
      }
      const id = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      urls.current.add(preview);
      const upload = uploadSampleImage(file).then(
        ({ key }) => {
          onChange((prev) => prev.map((i) => (i.id === id ? { ...i, uploading: false } : i)));
          return key;
        },
        (error: unknown) => {
          showError(
            isApiError(error)
              ? `${file.name}: ${error.message}`
              : `${file.name} could not be uploaded.`,
          );
          onChange((prev) => prev.filter((i) => i.id !== id));
          return null;
        },
      );
      onChange((prev) => [...prev, { id, preview, uploading: true, upload }]);
    }
    if (input.current) input.current.value = "";
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-ink-800">Sample images (optional)</span>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {images.map((image, index) => (
          <li
            key={image.id}
            className="relative aspect-square overflow-hidden rounded-xl bg-ink-100"
          >
            <img
              src={image.preview}
              alt={`Sample ${index + 1}`}
              className="size-full object-cover"
            />
            {image.uploading ? (
              <span className="absolute inset-0 flex items-center justify-center bg-white/60">
                <Spinner label="Uploading" />
              </span>
            ) : null}
            <button
              type="button"
              aria-label={`Remove sample ${index + 1}`}
              onClick={() => onChange((prev) => prev.filter((i) => i.id !== image.id))}
              className="absolute right-1 top-1 rounded-full bg-ink-900/70 p-1 text-white hover:bg-ink-900"
            >
              <X className="size-3.5" />
            </button>
          </li>
        ))}
        {images.length < APPLICATION_SAMPLE_IMAGES_MAX ? (
          <li>
            <label className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-ink-300 text-xs text-ink-500 hover:border-brand-400 hover:text-brand-700">
              <ImagePlus className="size-6" />
              Add images
              <input
                ref={input}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                aria-label="Add sample images"
                onChange={(e) => add(e.target.files)}
              />
            </label>
          </li>
        ) : null}
      </ul>
      <p className="text-xs text-ink-500">
        Up to {APPLICATION_SAMPLE_IMAGES_MAX} images, 15 MB each. Only our review team sees them.
      </p>
    </div>
  );
}
