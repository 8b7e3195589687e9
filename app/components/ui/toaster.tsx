// The toast region (Radix Toast): swipe right past 50 px to dismiss, F8 focuses the region.
import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "./use-toast";

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Benachrichtigung"
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          data-variant={item.variant ?? "default"}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            "data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
            item.variant === "destructive"
              ? "border-red-800 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            ) : null}
            {item.action ? (
              <ToastPrimitive.Action altText={item.action.label} asChild>
                {item.action.href ? (
                  <a
                    href={item.action.href}
                    target={item.action.newTab ? "_blank" : undefined}
                    rel={item.action.newTab ? "noopener noreferrer" : undefined}
                    className="mt-2 inline-flex w-fit rounded-md bg-accent-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-700"
                  >
                    {item.action.label}
                  </a>
                ) : (
                  <button
                    type="button"
                    onClick={item.action.onClick}
                    className="mt-2 inline-flex w-fit rounded-md bg-accent-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-700"
                  >
                    {item.action.label}
                  </button>
                )}
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Schließen"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label="Benachrichtigungen ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
