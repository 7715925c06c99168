import { useEffect, useState } from "react";

/**
 * The otpauth:// URI as a QR code for an authenticator app, drawn in the browser (the secret
 * never leaves the page). The encoder loads on demand: only enrolment needs it.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import("qrcode")
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 176, errorCorrectionLevel: "M" }))
      .then((url) => current && setSrc(url));
    return () => {
      current = false;
    };
  }, [uri]);
  return (
    <div className="grid size-48 place-items-center rounded-2xl border border-ink-200 bg-white p-2">
      {src ? (
        <img src={src} width={176} height={176} alt="QR code for your authenticator app" />
      ) : (
        <span className="size-44 animate-pulse rounded-xl bg-ink-100" aria-hidden />
      )}
    </div>
  );
}
