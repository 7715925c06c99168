import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { ROUTE_PRELOADS_FILE } from "./contracts/routes.ts";
import { firstLoadIcons } from "./scripts/first-load-icons.ts";
import { trimTailwindMerge } from "./scripts/tailwind-merge-trim.ts";

/**
 * Lists, per screen (web/routes/<screen>.tsx), the chunks it needs beyond the entry's own, so
 * the server can send <link rel="modulepreload"> for the page it serves: the screen's code then
 * downloads alongside the main bundle instead of after it has run.
 */
function routePreloads(): Plugin {
  return {
    name: "route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const entry = chunks.find((c) => c.isEntry);
      const loadedByEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const closure = (fileName: string, files = new Set<string>()) => {
        if (files.has(fileName) || loadedByEntry.has(fileName)) return files;
        files.add(fileName);
        const chunk = chunks.find((c) => c.fileName === fileName);
        for (const dep of chunk?.imports ?? []) closure(dep, files);
        return files;
      };
      const preloads: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const screen = /\/web\/routes\/([^/]+)\.tsx$/.exec(chunk.facadeModuleId ?? "")?.[1];
        if (screen) preloads[screen] = [...closure(chunk.fileName)].map((file) => `/${file}`);
      }
      this.emitFile({
        type: "asset",
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads),
      });
    },
  };
}

const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;
const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const homeIcons = firstLoadIcons();

const appConfig = {
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), routePreloads(), trimTailwindMerge()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Screens a visitor reaches by a full page load (staff screens, mail links) are not
    // preloaded from the app's entry: their dependency lists would sit in every visitor's
    // first-load JS (the home page's 150 KB budget). The server still preloads such a screen's
    // chunks when it is the page requested (route-preloads.json).
    modulePreload: {
      // Every browser we support understands <link rel="modulepreload">; one without it only
      // loads a screen's chunks one after another, so the polyfill is not worth its bytes.
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        /(^|\/)(admin-[^/]*|unsubscribe|onboard)-[^/]*\.js$/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // Icons shared by several screens would otherwise become one tiny chunk each, and every
        // extra request costs a round trip on a slow phone network. The icons chunk loads with
        // the home page, so it holds the icon runtime and the icons the home page's first load
        // draws; other icons three or more chunks share go together in a second chunk, and an
        // icon one or two lazy screens use belongs with them (the home page's 140 KB budget).
        codeSplitting: {
          groups: [
            {
              name: "icons",
              test: (id: string) =>
                LUCIDE.test(id) && (!LUCIDE_ICON.test(id) || homeIcons.has(path.basename(id))),
            },
            { name: "more-icons", test: LUCIDE, minShareCount: 3 },
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
} satisfies UserConfig;

export default defineConfig(({ command, mode }) => {
  // A production build ships React's production build whatever NODE_ENV the shell exports
  // (Vite otherwise keeps an exported NODE_ENV=development: 211 KB gzipped instead of 147).
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production";
  return appConfig;
});
