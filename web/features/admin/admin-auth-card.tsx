import { AlertCircle, CheckCircle2, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Container } from "../../components/ui/page.tsx";
import { cn } from "../../lib/cn.ts";

export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again.";

/** The frame of the staff sign-in, forgot and reset screens. */
export function AdminAuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Container className="flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardContent className="p-6 sm:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="grid size-12 place-items-center rounded-2xl bg-ink-900 text-brand-400">
              <ShieldCheck className="size-6" aria-hidden />
            </span>
            <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">{title}</h1>
            <p className="text-sm text-ink-600">{subtitle}</p>
          </div>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}

/** A message box: errors are announced to screen readers as alerts. */
export function FormAlert({
  kind = "error",
  children,
}: {
  kind?: "error" | "success";
  children: ReactNode;
}) {
  const Icon = kind === "error" ? AlertCircle : CheckCircle2;
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={cn(
        "mb-4 flex items-start gap-2 rounded-xl border px-3.5 py-3 text-sm",
        kind === "error"
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-emerald-200 bg-emerald-50 text-emerald-800",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
