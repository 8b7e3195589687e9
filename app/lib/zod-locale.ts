// Side-effect module: zod's built-in messages in German. Imported once by every entry point
// (both Workers, the browser entry, the test setups), so no user ever sees an English default.
import { z } from "zod";
import de from "zod/v4/locales/de.js";

z.config(de());
