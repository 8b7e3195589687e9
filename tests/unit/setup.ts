import "~/lib/zod";
import { guardConsole } from "../console-guard";
guardConsole();
