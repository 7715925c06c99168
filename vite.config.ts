import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * The home page is the usual landing page: its route chunk (and what it imports) is preloaded
 * from index.html so it downloads alongside the main bundle instead of after it.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: "preload-home-route",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        const home = chunks.find((c) => c.facadeModuleId?.endsWith("/web/routes/home.tsx"));
        if (!home) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const dep of chunk?.imports ?? []) visit(dep);
        };
        visit(home.fileName);
        const entry = chunks.find((c) => c.isEntry);
        const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        return [...files]
          .filter((file) => !alreadyLoaded.has(file))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), preloadHomeRoute()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Icons shared by several screens would otherwise become one tiny chunk each, and every
        // extra request costs a round trip on a slow phone network.
        codeSplitting: {
          groups: [
            { name: "icons", test: /node_modules[\\/]lucide-react/ },
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
});
