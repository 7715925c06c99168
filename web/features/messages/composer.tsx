import { ImagePlus, Loader2, RotateCcw, Send, X } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { MESSAGES } from "../../../contracts/constants.ts";
import { MESSAGE_PLACEHOLDER, MESSAGE_TOO_LONG } from "../../../contracts/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { formatCount } from "../../lib/format.ts";
import { type Upload, useAttachmentUploads } from "./use-attachment-uploads.ts";
import type { Outgoing } from "./use-send-message.ts";

function UploadThumb({
  upload,
  onRemove,
  onRetry,
}: {
  upload: Upload;
  onRemove: () => void;
  onRetry: () => void;
}) {
  return (
    <li className="relative size-16 shrink-0 overflow-hidden rounded-xl bg-ink-100">
      <img src={upload.preview} alt={upload.file.name} className="size-full object-cover" />
      {upload.state === "uploading" ? (
        <span className="absolute inset-0 grid place-items-center bg-white/60">
          <Loader2 className="size-5 animate-spin text-brand-700" aria-label="Uploading" />
        </span>
      ) : null}
      {upload.state === "failed" ? (
        <button
          type="button"
          onClick={onRetry}
          className="absolute inset-0 grid place-items-center bg-red-900/50 text-white"
          aria-label={`Upload ${upload.file.name} again`}
        >
          <RotateCcw className="size-5" aria-hidden />
        </button>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        className="absolute right-0.5 top-0.5 grid size-5 place-items-center rounded-full bg-ink-900/70 text-white"
        aria-label={`Remove ${upload.file.name}`}
      >
        <X className="size-3" aria-hidden />
      </button>
    </li>
  );
}

/**
 * The message input: Enter sends, Shift+Enter starts a new line; blank text (without images)
 * is never sent; a counter shows near the length limit.
 */
export function Composer({
  conversationId,
  onSend,
  onTyping,
}: {
  conversationId: string;
  onSend: (message: Outgoing) => void;
  onTyping: () => void;
}) {
  const [text, setText] = useState("");
  const files = useRef<HTMLInputElement>(null);
  const { uploads, add, remove, retry, take } = useAttachmentUploads(conversationId);
  const uploading = uploads.some((u) => u.state === "uploading");
  const ready = uploads.filter((u) => u.state === "done").length;
  const tooLong = text.length > MESSAGES.maxLength;
  const canSend = (text.trim().length > 0 || ready > 0) && !tooLong && !uploading;

  const submit = () => {
    if (!canSend) return;
    const done = take();
    onSend({
      body: text.trim().length ? text : "",
      attachments: done.flatMap((u) => (u.attachment ? [u.attachment] : [])),
      previews: Object.fromEntries(done.map((u) => [u.attachment?.id, u.preview])),
    });
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="border-t border-ink-200 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {uploads.length ? (
        <ul aria-label="Attached photos" className="mb-2 flex gap-2 overflow-x-auto pb-1">
          {uploads.map((upload) => (
            <UploadThumb
              key={upload.key}
              upload={upload}
              onRemove={() => remove(upload.key)}
              onRetry={() => void retry(upload)}
            />
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={files}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="attachment-input"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="shrink-0 text-ink-600"
          aria-label="Attach photos"
          onClick={() => files.current?.click()}
        >
          <ImagePlus className="size-5!" aria-hidden />
        </Button>
        <textarea
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={MESSAGE_PLACEHOLDER}
          aria-label="Message"
          aria-invalid={tooLong || undefined}
          className={cn(
            "field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-ink-200 bg-ink-50 px-4 py-2.5 text-[15px] leading-snug outline-none transition-colors focus:border-brand-400 focus:bg-white focus:ring-2 focus:ring-brand-100",
            tooLong && "border-red-400 focus:border-red-500 focus:ring-red-100",
          )}
        />
        <Button
          type="submit"
          size="icon"
          className="shrink-0 rounded-full"
          disabled={!canSend}
          aria-label="Send"
        >
          <Send className="size-4" aria-hidden />
        </Button>
      </div>
      {text.length >= MESSAGES.counterFrom ? (
        <p
          className={cn("mt-1 text-right text-xs", tooLong ? "text-red-600" : "text-ink-500")}
          aria-live="polite"
        >
          {tooLong ? `${MESSAGE_TOO_LONG} · ` : ""}
          {formatCount(text.length)} / {formatCount(MESSAGES.maxLength)}
        </p>
      ) : null}
    </form>
  );
}
