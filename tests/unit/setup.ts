import "~/lib/zod";
import "../console-guard";
