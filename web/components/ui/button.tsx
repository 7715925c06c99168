import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { Slot } from "./slot.tsx";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-xl text-sm font-semibold transition-[color,background-color,border-color,box-shadow,transform] active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary:
          "bg-brand-700 text-white shadow-sm shadow-brand-800/20 hover:bg-brand-800 hover:shadow-md",
        dark: "bg-ink-900 text-white shadow-sm hover:bg-ink-800",
        outline: "border border-ink-200 bg-white text-ink-900 hover:bg-ink-100",
        ghost: "text-ink-700 hover:bg-ink-100",
        destructive: "bg-red-600 text-white hover:bg-red-700",
        link: "text-brand-700 underline-offset-4 hover:underline px-0",
        light: "bg-white text-ink-900 shadow-sm hover:bg-brand-50",
        glass: "border border-white/25 bg-white/10 text-white backdrop-blur hover:bg-white/20",
      },
      size: {
        sm: "h-9 px-3",
        md: "h-11 px-5",
        lg: "h-12 px-7 text-base",
        xl: "h-14 px-8 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/** A form's large submit button: disabled and busy, with its busy label, while it submits. */
export function SubmitButton({
  submitting,
  busyLabel,
  children,
}: {
  submitting: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
      {submitting ? busyLabel : children}
    </Button>
  );
}
