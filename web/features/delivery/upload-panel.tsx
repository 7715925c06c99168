import { CheckCircle2, ImagePlus, RotateCw, Send } from "lucide-react";
import { useRef, useState } from "react";
import type { Delivery } from "../../../contracts/delivery.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";
import { useDeliver, useVideoLink } from "./api.ts";
import { DELIVER } from "./strings.ts";
import { type PhotoUpload, usePhotoUploads } from "./use-photo-uploads.ts";

function UploadRow({ upload, onRetry }: { upload: PhotoUpload; onRetry: () => void }) {
  const percent = Math.round(upload.progress * 100);
  return (
    <li className="flex items-center gap-3 py-2 text-sm">
      <span className="min-w-0 flex-1 truncate text-ink-800">{upload.file.name}</span>
      {upload.state === "failed" ? (
        <>
          <span className="truncate text-red-700" role="alert">
            {upload.error}
          </span>
          <Button size="sm" variant="outline" onClick={onRetry}>
            <RotateCw aria-hidden /> Retry
          </Button>
        </>
      ) : upload.state === "done" ? (
        <span className="flex items-center gap-1 text-emerald-700">
          <CheckCircle2 className="size-4" aria-hidden /> Uploaded
        </span>
      ) : (
        <div
          className="h-2 w-28 overflow-hidden rounded-full bg-ink-100 sm:w-40"
          role="progressbar"
          aria-label={`Uploading ${upload.file.name}`}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="h-full bg-brand-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}

function VideoLink({ delivery }: { delivery: Delivery }) {
  const [value, setValue] = useState(delivery.videoUrl ?? "");
  const save = useVideoLink(delivery.bookingId);
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value.trim());
      }}
    >
      <Label htmlFor="video-url">Video link (optional)</Label>
      <div className="flex gap-2">
        <Input
          id="video-url"
          type="url"
          inputMode="url"
          placeholder="https://vimeo.com/…"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** The creator's side: pick or drop many photos, watch each upload, then deliver. */
export function UploadPanel({ delivery }: { delivery: Delivery }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const { uploads, add, retry, busy } = usePhotoUploads(delivery.bookingId);
  const deliver = useDeliver(delivery.bookingId);
  const isDraft = delivery.status === "draft" || delivery.status === "none";
  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0) add(files);
  };
  return (
    <section className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-bold text-ink-900">
        {isDraft ? "Upload the final photos" : "Add more photos"}
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Full-resolution JPEG, PNG, HEIC or WebP, up to 40 MB each. Camera data such as location is
        removed.
      </p>
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          pick(event.dataTransfer.files);
        }}
        className={cn(
          "mt-4 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors",
          over ? "border-brand-600 bg-brand-50" : "border-ink-200 hover:bg-ink-50",
        )}
      >
        <ImagePlus className="size-8 text-brand-700" aria-hidden />
        <span className="font-semibold text-ink-900">Choose photos or drop them here</span>
        <span className="text-sm text-ink-600">Select as many as you like</span>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-label="Choose photos"
          onChange={(event) => {
            pick(event.target.files);
            event.target.value = "";
          }}
        />
      </label>
      {uploads.length > 0 ? (
        <ul className="mt-3 divide-y divide-ink-100">
          {uploads.map((u) => (
            <UploadRow key={u.id} upload={u} onRetry={() => retry(u)} />
          ))}
        </ul>
      ) : null}
      <div className="mt-5 grid gap-5 border-t border-ink-100 pt-5 sm:grid-cols-[1fr_auto] sm:items-end">
        <VideoLink delivery={delivery} />
        {isDraft ? (
          <Button
            onClick={() => deliver.mutate(undefined)}
            disabled={busy || deliver.isPending || delivery.files.length === 0}
          >
            <Send aria-hidden /> {DELIVER}
            {delivery.files.length > 0 ? ` (${delivery.files.length})` : ""}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
