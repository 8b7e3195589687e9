// zod's built-in messages in German words only, for every kind of issue zod reports. zod's own
// German locale names types and origins in English and with symbols ("Zu klein: erwartet, dass
// number >=0 ist"); a schema's own `error` still wins over these. API clients read them in
// `{ message, fieldErrors }`, sellers under the form fields.
import type { core } from "zod";

type RawIssue = core.$ZodRawIssue;

/** What a value of each type zod checks for is called. */
const TYPE_NAMES: Record<string, string> = {
  string: "ein Text",
  number: "eine Zahl",
  int: "eine ganze Zahl",
  bigint: "eine ganze Zahl",
  boolean: "ein Wahrheitswert (wahr oder falsch)",
  symbol: "ein Symbol",
  undefined: "kein Wert",
  null: "kein Wert",
  void: "kein Wert",
  never: "kein Wert",
  nan: "keine Zahl",
  date: "ein Datum",
  array: "eine Liste",
  tuple: "eine Liste",
  object: "ein Objekt",
  record: "ein Objekt",
  map: "eine Zuordnung",
  set: "eine Menge",
  file: "eine Datei",
  function: "eine Funktion",
  nonoptional: "ein Wert",
  promise: "ein Wert",
};

/** What a value zod received is called (JavaScript's types, as zod's parsedType names them). */
function receivedName(input: unknown): string {
  if (input === undefined || input === null) return "kein Wert";
  if (typeof input === "number") return Number.isNaN(input) ? "keine Zahl" : "eine Zahl";
  if (typeof input === "string") return "ein Text";
  if (typeof input === "boolean") return "ein Wahrheitswert";
  if (typeof input === "bigint") return "eine ganze Zahl";
  if (Array.isArray(input)) return "eine Liste";
  if (input instanceof Date) return "ein Datum";
  if (typeof File !== "undefined" && input instanceof File) return "eine Datei";
  if (typeof input === "function") return "eine Funktion";
  if (typeof input === "symbol") return "ein Symbol";
  return "ein Objekt";
}

/** The names of the string formats zod checks. */
const FORMAT_NAMES: Record<string, string> = {
  email: "eine gültige E-Mail-Adresse",
  url: "eine gültige Internetadresse (URL)",
  emoji: "ein Emoji",
  uuid: "eine gültige Kennung (UUID)",
  guid: "eine gültige Kennung (GUID)",
  nanoid: "eine gültige Kennung",
  cuid: "eine gültige Kennung",
  cuid2: "eine gültige Kennung",
  ulid: "eine gültige Kennung",
  xid: "eine gültige Kennung",
  ksuid: "eine gültige Kennung",
  datetime: "ein Zeitpunkt nach ISO 8601 (z. B. 2026-05-01T12:00:00Z)",
  date: "ein Datum im Format JJJJ-MM-TT",
  time: "eine Uhrzeit im Format hh:mm:ss",
  duration: "eine Dauer nach ISO 8601 (z. B. P3D)",
  ipv4: "eine IPv4-Adresse",
  ipv6: "eine IPv6-Adresse",
  mac: "eine MAC-Adresse",
  cidrv4: "ein IPv4-Adressbereich",
  cidrv6: "ein IPv6-Adressbereich",
  base64: "Base64-kodierte Daten",
  base64url: "Base64url-kodierte Daten",
  json_string: "gültiges JSON",
  e164: "eine Telefonnummer im internationalen Format (z. B. +492211234567)",
  credit_card: "eine Kreditkartennummer",
  iban: "eine IBAN",
  jwt: "ein gültiges Token",
  currency_code: "ein Währungscode (z. B. EUR)",
  hostname: "ein gültiger Rechnername",
};

/** Units of the sizes zod compares, by the issue's origin: [one, many]. */
const UNITS: Record<string, [string, string]> = {
  string: ["Zeichen", "Zeichen"],
  array: ["Eintrag", "Einträge"],
  set: ["Eintrag", "Einträge"],
  map: ["Eintrag", "Einträge"],
  record: ["Eintrag", "Einträge"],
  file: ["Byte", "Bytes"],
};

const NUMBER = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 20 });

function formatNumber(value: number | bigint): string {
  return NUMBER.format(value);
}

function formatDate(value: unknown): string {
  const date = value instanceof Date ? value : new Date(Number(value));
  return Number.isNaN(date.getTime())
    ? String(value)
    : new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "Europe/Berlin" }).format(date);
}

/** A literal value as a person reads it: text in German quotes, true and false in German. */
function formatValue(value: unknown): string {
  if (typeof value === "string") return `„${value}“`;
  if (typeof value === "boolean") return value ? "wahr" : "falsch";
  if (typeof value === "number" || typeof value === "bigint") return formatNumber(value);
  if (value === null || value === undefined) return "kein Wert";
  return String(value);
}

function listOf(values: readonly unknown[]): string {
  const shown = values.map(formatValue);
  return shown.length <= 1 ? (shown[0] ?? "") : `${shown.slice(0, -1).join(", ")} oder ${shown[shown.length - 1]}`;
}

function sizeMessage(issue: Extract<RawIssue, { code: "too_small" | "too_big" }>): string {
  const small = issue.code === "too_small";
  const limit = small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum;
  const inclusive = issue.inclusive !== false;
  const unit = UNITS[issue.origin];
  if (unit) {
    const count = Number(limit);
    if (small && issue.origin === "string" && count === 1 && inclusive) return "Darf nicht leer sein.";
    const amount = `${formatNumber(limit)} ${count === 1 ? unit[0] : unit[1]}`;
    if (issue.exact) return `Muss genau ${amount} haben.`;
    if (small) return inclusive ? `Muss mindestens ${amount} haben.` : `Muss mehr als ${amount} haben.`;
    return inclusive ? `Darf höchstens ${amount} haben.` : `Muss weniger als ${amount} haben.`;
  }
  if (issue.origin === "date") {
    const date = formatDate(limit);
    if (small) return inclusive ? `Darf nicht vor dem ${date} liegen.` : `Muss nach dem ${date} liegen.`;
    return inclusive ? `Darf nicht nach dem ${date} liegen.` : `Muss vor dem ${date} liegen.`;
  }
  // number, int, bigint, and anything else that is compared by value.
  const value = formatNumber(limit);
  if (issue.exact) return `Muss genau ${value} sein.`;
  if (small) return inclusive ? `Muss mindestens ${value} sein.` : `Muss größer als ${value} sein.`;
  return inclusive ? `Darf höchstens ${value} sein.` : `Muss kleiner als ${value} sein.`;
}

function formatMessage(issue: Extract<RawIssue, { code: "invalid_format" }>): string {
  const details = issue as { prefix?: string; suffix?: string; includes?: string };
  switch (issue.format) {
    case "starts_with":
      return `Muss mit „${details.prefix}“ beginnen.`;
    case "ends_with":
      return `Muss mit „${details.suffix}“ enden.`;
    case "includes":
      return `Muss „${details.includes}“ enthalten.`;
    case "lowercase":
      return "Darf keine Großbuchstaben enthalten.";
    case "uppercase":
      return "Darf keine Kleinbuchstaben enthalten.";
    case "regex":
    case "template_literal":
      // The pattern itself says nothing to a person.
      return "Hat nicht das erwartete Format.";
    default: {
      const name = FORMAT_NAMES[issue.format];
      return name ? `Erwartet: ${name}.` : "Hat nicht das erwartete Format.";
    }
  }
}

/**
 * A value no option of a union took. Where every option wanted another type (an optional text is
 * "a text or no value"), the message says which; otherwise it cannot name one reason.
 */
function unionMessage(issue: Extract<RawIssue, { code: "invalid_union" }>): string {
  if (issue.input === undefined) return "Pflichtangabe fehlt.";
  const firsts = issue.errors.map((issues) => issues[0]);
  const expected = firsts.map((first) =>
    first?.code === "invalid_type" && first.path.length === 0 ? TYPE_NAMES[first.expected] : undefined,
  );
  if (expected.length === 0 || expected.some((name) => name === undefined)) return "Passt zu keiner der erlaubten Angaben.";
  const names = [...new Set(expected)];
  const wanted = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} oder ${names[names.length - 1]}`;
  return `Erwartet: ${wanted}, erhalten: ${receivedName(issue.input)}.`;
}

/** The German message for one issue zod found (registered in app/lib/zod.ts). */
export function germanIssueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "Pflichtangabe fehlt.";
      // z.instanceof(File) and friends name the class they expected.
      const expected = TYPE_NAMES[issue.expected] ?? (issue.expected === "File" ? "eine Datei" : "ein anderer Wert");
      return `Erwartet: ${expected}, erhalten: ${receivedName(issue.input)}.`;
    }
    case "too_small":
    case "too_big":
      return sizeMessage(issue);
    case "invalid_format":
      return formatMessage(issue);
    case "not_multiple_of":
      return `Muss ein Vielfaches von ${formatNumber(issue.divisor)} sein.`;
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? `Unbekanntes Feld: ${formatValue(issue.keys[0])}.`
        : `Unbekannte Felder: ${issue.keys.map(formatValue).join(", ")}.`;
    case "invalid_union":
      return unionMessage(issue);
    case "invalid_key":
      return "Enthält einen ungültigen Feldnamen.";
    case "invalid_element":
      return "Enthält einen ungültigen Eintrag.";
    case "invalid_value":
      return issue.values.length === 1 ? `Erwartet: ${formatValue(issue.values[0])}.` : `Erlaubt sind: ${listOf(issue.values)}.`;
    default:
      return "Ungültige Eingabe.";
  }
}
