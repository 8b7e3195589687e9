import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const tones = {
  neutral: "bg-slate-100 text-slate-800",
  info: "bg-sky-100 text-sky-900",
  success: "bg-green-100 text-green-900",
  danger: "bg-red-100 text-red-900",
  accent: "bg-accent-600 text-white",
  primary: "bg-primary-100 text-primary-900",
} as const;

export function Badge({ tone = "neutral", children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
