// Accessible modal dialog on the native <dialog> element (ADR 018). showModal() puts it in the top
// layer and makes the rest of the page inert, so focus stays inside; Escape fires `cancel`, which
// we turn into onOpenChange(false); when it closes, focus goes back to the element that opened it.
// Labelled by its heading, described by its description. No library: the landing page ships it.
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { hostToasts } from "./use-toast";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** Rendered only while open, like the Radix dialog it replaced: a closed dialog is not in the DOM. */
export function Dialog(props: DialogProps) {
  return props.open ? <ModalDialog {...props} /> : null;
}

function ModalDialog({ onOpenChange, title, description, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal() focuses the first focusable element inside (the e-mail field of the login).
    if (!dialog.open) dialog.showModal();
    const releaseToasts = hostToasts(dialog);
    return () => {
      releaseToasts();
      if (dialog.isConnected && dialog.open) dialog.close();
      // The native dialog restores focus on close(), but React removes the element first when the
      // dialog unmounts, so give focus back to the opener ourselves.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let the owner close it, so its state (and the DOM) follow one path.
        event.preventDefault();
        onOpenChange(false);
      }}
      onMouseDown={(event) => {
        // A press on the backdrop targets the <dialog> itself (the panel inside covers the box).
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn("m-auto w-[calc(100%-2rem)] max-w-md overflow-visible bg-transparent p-0 text-slate-900", "backdrop:bg-slate-900/50")}
    >
      <div className={cn("relative max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white p-6 shadow-xl", className)}>
        <h2 id={titleId} className="pr-8 text-xl font-bold text-slate-900">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-1 text-slate-600">
            {description}
          </p>
        ) : null}
        <div className="mt-4">{children}</div>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          aria-label="Schließen"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </dialog>
  );
}
