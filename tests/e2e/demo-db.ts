// A line to the demo server's D1, for staging states the offline AI never produces and for checking
// what is stored. Statements go through the server's own binding (`POST /dev/database`, open only on
// a test instance and only from this machine): a second process opening the SQLite file the server
// holds made the server's own queries fail with SQLITE_BUSY while another test ran (ADR 040).
import { demoPort } from "../../playwright.config";

export type DemoDb = {
  /** Runs one statement with bound parameters and returns its rows. */
  all<Row = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<Row[]>;
  /** Runs statements in one transaction. */
  batch(statements: Array<[sql: string, ...params: unknown[]]>): Promise<void>;
};

async function run(statements: Array<[sql: string, ...params: unknown[]]>): Promise<unknown[][]> {
  const response = await fetch(`http://localhost:${demoPort}/dev/database`, {
    method: "POST",
    // A write to /dev/* shows the instance's own origin (ADR 067).
    headers: { "Content-Type": "application/json", Origin: `http://localhost:${demoPort}` },
    body: JSON.stringify({ statements: statements.map(([sql, ...params]) => ({ sql, params })) }),
  });
  const body = (await response.json()) as { results?: unknown[][]; message?: string };
  if (!response.ok || !body.results) throw new Error(`POST /dev/database answered ${response.status}: ${body.message}`);
  return body.results;
}

export const demoDb: DemoDb = {
  async all<Row>(sql: string, ...params: unknown[]) {
    const [rows] = await run([[sql, ...params]]);
    return rows as Row[];
  },
  async batch(statements) {
    await run(statements);
  },
};
