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
        // Long-lived vendor chunks for what every page uses. The admin area (React.lazy) and MSAL
        // (dynamic import) stay in chunks of their own that the chat page never requests.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            {
              name: "mui",
              test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material|core-downloads-tracker)|@emotion|@popperjs|react-transition-group|stylis)[\\/]/,
              // Split by which entries use a module: the components only the admin uses (tables,
              // selects, sliders…) go to a chunk of their own, which only the admin chunk imports.
              entriesAware: true,
            },
          ],
        },
      },
    },
  },
});
