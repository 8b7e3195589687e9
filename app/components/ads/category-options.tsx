// The options of a category select: a prompt, then every category (app/lib/categories.ts).
import { CATEGORIES } from "~/lib/categories";

export function CategoryOptions() {
  return (
    <>
      <option value="">Kategorie wählen</option>
      {Object.entries(CATEGORIES).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
