// The sign-in dialog speaks "du" like the rest of the app (docs/PRODUCT.md, "Who it is for"); the
// only "Sie" lines are those PRODUCT.md names as the product brief's own, kept word for word.
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import product from "../../docs/PRODUCT.md?raw";
import { LoginDialog } from "~/components/login-dialog";

/** The lines PRODUCT.md keeps in "Sie", as it lists them. */
const KEPT_SIE_LINES = [
  ...(/keeps the product brief's own "Sie" lines word for word: (.*?)\)/.exec(product.replace(/\s+/g, " "))?.[1] ?? "").matchAll(
    /"([^"]+)"/g,
  ),
].map((match) => match[1]);

/** Formal address ("Sie", "Ihr", "Ihre", "Ihnen", …), also in lower case as in an e-mail placeholder. */
const FORMAL = /\b(?:Sie|ihr|ihre|ihren|ihrem|ihrer|ihres|ihnen)\b/i;

function formalLeft(text: string): string | null {
  const rest = KEPT_SIE_LINES.reduce((left, line) => left.split(line).join(" "), text);
  return FORMAL.exec(rest)?.[0] ?? null;
}

function renderDialog() {
  const Stub = createRemixStub([{ path: "/", Component: () => <LoginDialog open onOpenChange={() => {}} /> }]);
  render(<Stub initialEntries={["/"]} />);
  return screen.findByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
}

afterEach(() => vi.restoreAllMocks());

describe("the sign-in dialog's address", () => {
  it("reads PRODUCT.md's list of kept lines", () => {
    expect(KEPT_SIE_LINES).toContain("Magic Link erstellt automatisch Ihr Konto");
    expect(KEPT_SIE_LINES).toHaveLength(6);
  });

  it("says 'du' in every text, placeholder and alert, apart from the lines PRODUCT.md keeps", async () => {
    const dialog = await renderDialog();
    const field = within(dialog).getByLabelText("E-Mail-Adresse");
    const texts = [dialog.textContent ?? "", field.getAttribute("placeholder") ?? ""];
    expect(field.getAttribute("placeholder")).toBe("deine.email@beispiel.de");

    // The dialog's own check, then a request that does not reach the server.
    await userEvent.type(field, "keine-adresse");
    await userEvent.click(within(dialog).getByRole("button", { name: "Magic Link senden" }));
    texts.push((await within(dialog).findByRole("alert")).textContent ?? "");
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    await userEvent.clear(field);
    await userEvent.type(field, "verkaeufer@example.de");
    await userEvent.click(within(dialog).getByRole("button", { name: "Magic Link senden" }));
    expect(await within(dialog).findByText(/^Netzwerk-Fehler/)).toBeTruthy();
    texts.push(within(dialog).getByRole("alert").textContent ?? "");

    for (const text of texts) expect(formalLeft(text), text).toBeNull();
  });
});
