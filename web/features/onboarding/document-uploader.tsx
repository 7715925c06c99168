import { FileText, Trash2, Upload } from "lucide-react";
import { DOCUMENT_UPLOAD_MAX_BYTES } from "../../../contracts/media.ts";
import type { CreatorDocument, DocumentKind } from "../../../contracts/profile-setup.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { showError } from "../../lib/api-errors.ts";
import type { ProfileSetupActions } from "./api.ts";
import { pickedFiles, useBusyAction } from "./upload-actions.ts";

/** Private documents: PDFs or images, visible only to the creator and our staff. */
export function DocumentUploader({
  kind,
  label,
  documents,
  actions,
}: {
  kind: DocumentKind;
  label: string;
  documents: CreatorDocument[];
  actions: ProfileSetupActions;
}) {
  const { busy, run } = useBusyAction();
  const pick = async (list: FileList | null) => {
    const files = pickedFiles(list);
    for (const file of files) {
      if (file.size > DOCUMENT_UPLOAD_MAX_BYTES) {
        showError(`${file.name} is too large (10 MB at most).`);
        continue;
      }
      await run(() => actions.uploadDocument(kind, file));
    }
  };
  const mine = documents.filter((d) => d.kind === kind);
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-ink-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-ink-800">{label}</p>
        <label className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-ink-200 px-3 py-1.5 text-sm font-medium text-ink-800 hover:bg-ink-100">
          {busy ? <Spinner className="size-4" label="Uploading" /> : <Upload className="size-4" />}
          Upload
          <input
            type="file"
            accept="application/pdf,image/*"
            multiple
            className="sr-only"
            aria-label={`Upload ${label}`}
            disabled={busy}
            onChange={(e) => {
              void pick(e.target.files);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      {mine.length ? (
        <ul className="flex flex-col gap-1">
          {mine.map((doc) => (
            <li key={doc.id} className="flex items-center justify-between gap-2 text-sm">
              <a
                href={doc.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-w-0 items-center gap-1.5 text-brand-700 hover:underline"
              >
                <FileText className="size-4 shrink-0" />{" "}
                <span className="truncate">{doc.fileName}</span>
              </a>
              <button
                type="button"
                aria-label={`Delete ${doc.fileName}`}
                disabled={busy}
                onClick={() => void run(() => actions.deleteDocument(doc.id))}
                className="rounded-md p-1 text-red-600 hover:bg-red-50"
              >
                <Trash2 className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-ink-500">
          PDF or image, 10 MB at most. Only you and our team can see it.
        </p>
      )}
    </div>
  );
}
