// Shared JSDoc types of the local fakes (fakes/*.mjs), which are type-checked by tsconfig.fakes.json.
import type { IncomingHttpHeaders } from "node:http";

/** A parsed JSON request body (or a stored copy of one): the fakes check its fields one by one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = Record<string, any>;

/** A fake's answer: the status, the JSON body (or null) and, for a created resource, its Location. */
export type Answer = [status: number, body: unknown, location?: string];

/** One of eBay's error parameters: its name and value. */
export type ErrorParameter = [name: string, value: unknown];

/** Builds an answer in eBay's error shape. */
export type EbayError = (
  status: number,
  errorId: number,
  message: string,
  parameters?: ErrorParameter[],
  category?: string,
  domain?: string,
) => Answer;

/** An eBay error builder with the category and domain already given. */
export type ScopedEbayError = (status: number, errorId: number, message: string, parameters?: ErrorParameter[]) => Answer;

/** The request headers as node:http gives them. */
export type Headers = IncomingHttpHeaders;
