import "~/lib/zod-locale";
import "../console-guard";
