// Every kind of issue zod reports reads in German words (app/lib/zod-messages.ts): the sizes of every
// origin, every type a value can be expected as, every string format, and the rest (docs/SECURITY.md).
import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { englishIn } from "../fixtures/english-words";

type Case = [label: string, code: string, schema: z.ZodType, input: unknown];

const file = (bytes: number, type = "text/plain") => new File(["x".repeat(bytes)], "datei.txt", { type });
const date = (iso: string) => new Date(iso);

const SIZES: Case[] = [
  ["string min", "too_small", z.string().min(3), "ab"],
  ["string not empty", "too_small", z.string().min(1), ""],
  ["string exact", "too_small", z.string().length(5), "abc"],
  ["string max", "too_big", z.string().max(2), "abc"],
  ["string exact too long", "too_big", z.string().length(2), "abc"],
  ["number min", "too_small", z.number().min(0), -1],
  ["number gt", "too_small", z.number().gt(0), 0],
  ["number positive", "too_small", z.number().positive(), -5],
  ["number max", "too_big", z.number().max(100_000), 100_001],
  ["number lt", "too_big", z.number().lt(1), 1],
  ["int min", "too_small", z.int().min(1), 0],
  ["int max", "too_big", z.int().max(10), 11],
  ["int beyond safe", "too_big", z.int(), 2 ** 60],
  ["bigint min", "too_small", z.bigint().min(1n), 0n],
  ["bigint max", "too_big", z.bigint().max(1n), 2n],
  ["date min", "too_small", z.date().min(date("2026-01-01")), date("2025-01-01")],
  ["date max", "too_big", z.date().max(date("2026-01-01")), date("2027-01-01")],
  ["array min", "too_small", z.array(z.string()).min(2), ["a"]],
  ["array max", "too_big", z.array(z.string()).max(1), ["a", "b"]],
  ["array exact", "too_small", z.array(z.string()).length(2), ["a"]],
  ["tuple too long", "too_big", z.tuple([z.string()]), ["a", "b"]],
  ["set min", "too_small", z.set(z.string()).min(2), new Set(["a"])],
  ["set max", "too_big", z.set(z.string()).max(1), new Set(["a", "b"])],
  ["map min", "too_small", z.map(z.string(), z.string()).min(2), new Map([["a", "b"]])],
  [
    "map max",
    "too_big",
    z.map(z.string(), z.string()).max(1),
    new Map([
      ["a", "b"],
      ["c", "d"],
    ]),
  ],
  ["file min", "too_small", z.file().min(10), file(1)],
  ["file max", "too_big", z.file().max(10), file(11)],
];

const TYPES: Case[] = [
  ["missing", "invalid_type", z.object({ name: z.string() }), {}],
  ["string", "invalid_type", z.string(), 5],
  ["number", "invalid_type", z.number(), "5"],
  ["number NaN", "invalid_type", z.number(), Number.NaN],
  ["int", "invalid_type", z.int(), 1.5],
  ["boolean", "invalid_type", z.boolean(), "ja"],
  ["bigint", "invalid_type", z.bigint(), 1],
  ["symbol", "invalid_type", z.symbol(), "a"],
  ["undefined", "invalid_type", z.undefined(), 1],
  ["null", "invalid_type", z.null(), 1],
  ["never", "invalid_type", z.never(), 1],
  ["void", "invalid_type", z.void(), 1],
  ["nan", "invalid_type", z.nan(), 1],
  ["date", "invalid_type", z.date(), "2026-01-01"],
  ["array", "invalid_type", z.array(z.string()), "a"],
  ["tuple", "invalid_type", z.tuple([z.string()]), "a"],
  ["object", "invalid_type", z.object({}), []],
  ["object from null", "invalid_type", z.object({}), null],
  ["record", "invalid_type", z.record(z.string(), z.string()), true],
  ["map", "invalid_type", z.map(z.string(), z.string()), {}],
  ["set", "invalid_type", z.set(z.string()), []],
  ["file", "invalid_type", z.file(), "datei"],
  ["function", "invalid_type", z.function(), 1],
  ["nonoptional", "invalid_type", z.string().optional().nonoptional(), undefined],
  ["instanceof", "invalid_type", z.instanceof(Date), "gestern"],
  ["instanceof File", "invalid_type", z.instanceof(File), 1n],
];

const FORMATS: Case[] = [
  ["email", "invalid_format", z.email(), "keine-adresse"],
  ["url", "invalid_format", z.url(), "keine url"],
  ["uuid", "invalid_format", z.uuid(), "123"],
  ["guid", "invalid_format", z.guid(), "123"],
  ["nanoid", "invalid_format", z.nanoid(), "!"],
  ["cuid", "invalid_format", z.cuid(), "!"],
  ["cuid2", "invalid_format", z.cuid2(), "!"],
  ["ulid", "invalid_format", z.ulid(), "!"],
  ["xid", "invalid_format", z.xid(), "!"],
  ["ksuid", "invalid_format", z.ksuid(), "!"],
  ["emoji", "invalid_format", z.emoji(), "a"],
  ["regex", "invalid_format", z.string().regex(/^\d{5}$/), "abc"],
  ["starts_with", "invalid_format", z.string().startsWith("ap-"), "x"],
  ["ends_with", "invalid_format", z.string().endsWith(".de"), "x"],
  ["includes", "invalid_format", z.string().includes("@"), "x"],
  ["lowercase", "invalid_format", z.string().lowercase(), "ABC"],
  ["uppercase", "invalid_format", z.string().uppercase(), "abc"],
  ["datetime", "invalid_format", z.iso.datetime(), "gestern"],
  ["date", "invalid_format", z.iso.date(), "1.1.2026"],
  ["time", "invalid_format", z.iso.time(), "mittags"],
  ["duration", "invalid_format", z.iso.duration(), "drei Tage"],
  ["ipv4", "invalid_format", z.ipv4(), "1.2.3"],
  ["ipv6", "invalid_format", z.ipv6(), "::g"],
  ["mac", "invalid_format", z.mac(), "xx"],
  ["cidrv4", "invalid_format", z.cidrv4(), "1.2.3.4"],
  ["cidrv6", "invalid_format", z.cidrv6(), "::1"],
  ["base64", "invalid_format", z.base64(), "!!"],
  ["base64url", "invalid_format", z.base64url(), "+/"],
  ["e164", "invalid_format", z.e164(), "0221 123"],
  ["jwt", "invalid_format", z.jwt(), "a.b"],
  ["hostname", "invalid_format", z.hostname(), "-x-"],
  ["template literal", "invalid_format", z.templateLiteral(["ap-", z.number()]), "x"],
];

const OTHERS: Case[] = [
  ["multiple of a number", "not_multiple_of", z.number().multipleOf(0.01), 0.005],
  ["multiple of a bigint", "not_multiple_of", z.bigint().multipleOf(2n), 3n],
  ["one unknown key", "unrecognized_keys", z.strictObject({ a: z.string() }), { a: "x", b: 1 }],
  ["two unknown keys", "unrecognized_keys", z.strictObject({}), { a: 1, b: 2 }],
  ["union", "invalid_union", z.union([z.string(), z.number()]), true],
  [
    "discriminated union",
    "invalid_union",
    z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b") })]),
    { t: "c" },
  ],
  ["exclusive union matched twice", "invalid_union", z.xor([z.string(), z.string().min(1)]), "a"],
  ["record key", "invalid_key", z.record(z.string().min(2), z.string()), { a: "x" }],
  ["map key", "invalid_key", z.map(z.object({ a: z.string() }), z.number()), new Map([[{ a: 1 }, 1]])],
  ["map element", "invalid_element", z.map(z.object({}), z.number()), new Map([[{}, "x"]])],
  ["literal text", "invalid_value", z.literal("ebay"), "vinted"],
  ["literal true", "invalid_value", z.literal(true), false],
  ["literal number", "invalid_value", z.literal(5), 6],
  ["enum", "invalid_value", z.enum(["private", "commercial"]), "gmbh"],
  ["file type", "invalid_value", z.file().mime(["image/png", "image/jpeg"]), file(1)],
  ["refine without a message", "custom", z.string().refine(() => false), "x"],
  ["superRefine without a message", "custom", z.string().superRefine((_value, ctx) => ctx.addIssue({ code: "custom" })), "x"],
];

function messagesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("the input was accepted");
  return result.error.issues.map((issue) => ({ code: issue.code, message: issue.message }));
}

describe("zod's messages", () => {
  for (const [group, cases] of [
    ["too_small and too_big for every origin", SIZES],
    ["invalid_type for every expected type", TYPES],
    ["invalid_format for every string format", FORMATS],
    ["not_multiple_of, unrecognized_keys, unions, keys, elements, values and custom", OTHERS],
  ] as const) {
    it(`say ${group} in German words`, () => {
      for (const [label, code, schema, input] of cases) {
        const issues = messagesOf(schema, input);
        expect(issues[0]?.code, label).toBe(code);
        for (const { message } of issues) {
          expect(message.length, label).toBeGreaterThan(0);
          expect(englishIn(message), `${label}: ${message}`).toEqual([]);
        }
      }
    });
  }

  it("name the limit in German number and date formats and the expected values in German quotes", () => {
    expect(messagesOf(z.number().max(100_000), 100_001)[0].message).toBe("Darf höchstens 100.000 sein.");
    expect(messagesOf(z.number().multipleOf(0.01), 0.005)[0].message).toBe("Muss ein Vielfaches von 0,01 sein.");
    expect(messagesOf(z.number().min(0), -1)[0].message).toBe("Muss mindestens 0 sein.");
    expect(messagesOf(z.string().max(2), "abc")[0].message).toBe("Darf höchstens 2 Zeichen haben.");
    expect(messagesOf(z.date().min(date("2026-01-01T12:00:00Z")), date("2025-01-01"))[0].message).toBe(
      "Darf nicht vor dem 1. Januar 2026 liegen.",
    );
    expect(messagesOf(z.enum(["private", "commercial"]), "gmbh")[0].message).toBe("Erlaubt sind: „private“ oder „commercial“.");
    expect(messagesOf(z.object({ name: z.string() }), {})[0].message).toBe("Pflichtangabe fehlt.");
    // A schema's own message still wins.
    expect(messagesOf(z.string().min(2, { error: "Der Name ist zu kurz." }), "a")[0].message).toBe("Der Name ist zu kurz.");
  });
});

describe("a union's message", () => {
  it("names the types its options take when each wanted another type", () => {
    expect(messagesOf(z.union([z.string(), z.null()]), 5)[0].message).toBe("Erwartet: ein Text oder kein Wert, erhalten: eine Zahl.");
    expect(messagesOf(z.union([z.string(), z.number(), z.boolean()]), [])[0].message).toBe(
      "Erwartet: ein Text, eine Zahl oder ein Wahrheitswert (wahr oder falsch), erhalten: eine Liste.",
    );
    expect(messagesOf(z.union([z.string().min(3), z.email()]), "ab")[0].message).toBe("Passt zu keiner der erlaubten Angaben.");
  });
});
