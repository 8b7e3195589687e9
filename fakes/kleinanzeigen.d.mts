// Types of the local fake gateway (fakes/kleinanzeigen.mjs) for the TypeScript tests.
import type { Server } from "node:http";

export const FAKE_CLIENT_ID: string;
export const FAKE_CLIENT_SECRET: string;

export function startFakeKleinanzeigen(options?: {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  now?: () => number;
  ticketTtlMs?: number;
  pollsUntilDecided?: number;
  tokenTtlSeconds?: number;
}): Promise<{ server: Server; port: number; url: string; close: () => Promise<void> }>;
