import { cloudflareDevProxyVitePlugin as remixCloudflareDevProxy, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";

/**
 * `import { X } from "lucide-react"` goes through a barrel that re-exports every icon; rewriting it
 * to the icon's own module (as Next.js does for this package) lets the bundler see which page uses
 * which icon, so the shell chunk below does not drag every used icon onto every page.
 */
function lucideIconImports(): Plugin {
  const esm = fileURLToPath(new URL("node_modules/lucide-react/dist/esm/", import.meta.url));
  const files = new Map<string, string>();
  for (const match of readFileSync(`${esm}lucide-react.mjs`, "utf8").matchAll(/export \{ ([^}]+) \} from '(\.\/icons\/[^']+)'/g)) {
    for (const name of match[1].matchAll(/default as (\w+)/g)) files.set(name[1], `${esm}${match[2].slice(2)}`);
  }
  return {
    name: "lucide-icon-imports",
    apply: "build",
    transform(code, id) {
      if (!id.includes("/app/") || !code.includes('"lucide-react"')) return null;
      return code.replace(/import \{([^}]+)\} from "lucide-react";?/g, (statement, names: string) =>
        names
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [imported, local = imported] = part.split(/\s+as\s+/);
            const file = files.get(imported);
            if (!file) throw new Error(`lucide-icon-imports: no module for ${imported} in ${id}`);
            return `import ${local} from ${JSON.stringify(file)};`;
          })
          .join("\n"),
      );
    },
  };
}

/**
 * Every page loads the root route and the app modules it imports, so those go into one "shell"
 * chunk instead of a handful of tiny ones: the same code in fewer requests, and gzip sees it at
 * once (ADR 018). Libraries keep Rollup's own split (the framework is one chunk already).
 */
function shellChunk(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  shell ??= new Set([...appModulesImportedBy(getModuleInfo, fileURLToPath(new URL("app/root.tsx", import.meta.url))), ...EVERY_PAGE]);
  return shell.has(id) ? "shell" : undefined;
}

/**
 * App modules every page with a footer or a price reads, though the root does not: German
 * formatting (the footer's Berlin year). As a chunk of its own it was one more request on nearly
 * every page (the public ad page's eleventh script).
 */
const EVERY_PAGE = [fileURLToPath(new URL("app/lib/format.ts", import.meta.url))];

let shell: Set<string> | undefined;
function appModulesImportedBy(getModuleInfo: Rollup.ManualChunkMeta["getModuleInfo"], from: string): Set<string> {
  const found = new Set<string>();
  const pending = [from];
  while (pending.length) {
    const id = pending.pop()!;
    if (found.has(id) || id.includes("/node_modules/") || id.startsWith("\0")) continue;
    found.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remixCloudflareDevProxy({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
    lucideIconImports(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: true,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk } },
  },
}));
