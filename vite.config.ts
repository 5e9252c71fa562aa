import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/** Writes the build's version into index.html, where the version check reads it back (spec §4). */
function appVersionMeta(): Plugin {
  return {
    name: "app-version-meta",
    transformIndexHtml: (html) => html.replace("%APP_VERSION%", version),
  };
}

/** The API server in development (scripts/dev.mjs starts it on this port). */
const apiTarget = "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), appVersionMeta()],
  server: {
    proxy: {
      "/api": { target: apiTarget },
      "/healthz": { target: apiTarget },
      "/readyz": { target: apiTarget },
      "/generatedImages": { target: apiTarget },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What the chat page needs before its first paint goes into three chunks (React and the
        // router, long-lived; the other libraries; the app's own code) rather than dozens of
        // per-importer fragments, whose module wrappers and separate compression cost kilobytes.
        // Everything loaded on demand (admin area, MSAL, KaTeX, the markdown pipeline, dialogs) is left to
        // automatic chunking: chunks of its own that the chat page requests only when needed.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
            { name: "app", test: /[\\/]src[\\/]/, tags: ["$initial"] },
          ],
        },
      },
    },
  },
});
