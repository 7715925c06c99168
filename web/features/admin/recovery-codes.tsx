import { Copy, Download } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { showError } from "../../lib/api-errors.ts";
import { toast } from "../../lib/toast.ts";

/** The recovery codes, shown once after enrolment, to copy or download. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const text = `ShutterHail staff recovery codes for ${email}\nEach code works once, instead of a code from your authenticator app.\n\n${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Recovery codes copied");
    } catch {
      showError("Could not copy", "Select the codes and copy them yourself.");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "shutterhail-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-xl border border-ink-200 bg-ink-50 px-4 py-3 font-mono text-sm text-ink-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden /> Download
        </Button>
      </div>
    </div>
  );
}
