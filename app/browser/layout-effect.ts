// Layout effects only in the browser: React 18 warns about them while rendering on the server.
import { useEffect, useLayoutEffect } from "react";

export const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
