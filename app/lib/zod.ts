// zod, configured: German built-in messages (zod-messages.ts), and no code generation with
// `new Function` (our CSP has no 'unsafe-eval' and the Workers runtime forbids it). Modules that
// build schemas and can reach the browser import `z` from here, so the configuration is in place
// before the first schema exists (and zod only ships with the pages that validate something). Both
// Worker entries and the test setups import it first as well.
import { z } from "zod";
import { germanIssueMessage } from "./zod-messages";

z.config({ localeError: germanIssueMessage, jitless: true });

export { z };
