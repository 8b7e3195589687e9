// Form primitives: every field has a label and, when invalid, an announced error under it.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { CharacterCount, type FieldCount } from "./character-count";

const control =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 " +
  "focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30 disabled:bg-slate-100 disabled:text-slate-600 " +
  "aria-[invalid=true]:border-red-700";

type FieldProps = { label: ReactNode; error?: string; hint?: ReactNode; id?: string; count?: FieldCount };

function FieldShell({ id, label, error, hint, count, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {count ? <CharacterCount id={`${id}-count`} {...count} /> : null}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Splits a field's props: the shell's (label, error, hint and the id its label targets), the ARIA
 * wiring every control shares (invalid, described by its error or hint), and the control's own.
 */
function useField<P extends FieldProps & { className?: string }>({ label, error, hint, id, count, className, ...own }: P) {
  const generated = useId();
  const fieldId = id ?? generated;
  const described = [error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : null, count ? `${fieldId}-count` : null].filter(Boolean);
  return {
    shell: { id: fieldId, label, error, hint, count },
    aria: {
      id: fieldId,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": described.length > 0 ? described.join(" ") : undefined,
    },
    className,
    own,
  };
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(function Input(props, ref) {
  const { shell, aria, className, own } = useField(props);
  return (
    <FieldShell {...shell}>
      <input ref={ref} {...aria} className={cn(control, "h-11", className)} {...own} />
    </FieldShell>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function Textarea(props, ref) {
    const { shell, aria, className, own } = useField(props);
    return (
      <FieldShell {...shell}>
        <textarea ref={ref} {...aria} className={cn(control, "py-2", className)} {...own} />
      </FieldShell>
    );
  },
);

/** A styled native select: the most accessible choice on phones. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & FieldProps>(function Select(props, ref) {
  const { shell, aria, className, own } = useField(props);
  return (
    <FieldShell {...shell}>
      <select ref={ref} {...aria} className={cn(control, "h-11 pr-8", className)} {...own} />
    </FieldShell>
  );
});

/** A select of fixed choices (value → German label) after an empty first option ("Nicht angegeben"). */
export function ChoiceSelect({
  choices,
  emptyLabel,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { choices: Readonly<Record<string, string>>; emptyLabel: string }) {
  return (
    <Select {...props}>
      <option value="">{emptyLabel}</option>
      {Object.entries(choices).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </Select>
  );
}
