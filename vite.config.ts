import { readFile, readdir, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
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

/** Text assets worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|css|svg|html|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build: the
 * server sends them as they are (its static serving's preCompressed), so a first visit
 * downloads about a quarter of the bytes without any compression work per request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = "dist";
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const assetsDir = join(outDir, "assets");
      const files = (await readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(assetsDir, name);
          const content = await readFile(path);
          if (content.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                // 10, not 11: nearly the same size (about 2 % larger) in a third of the build time.
                [zlibConstants.BROTLI_PARAM_QUALITY]: 10,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Library modules replaced by the app's own (vitest.config.ts uses the same list): micromark's
 * extension merging, done once per list of extensions instead of on every parse
 * (src/chat/markdown/combineExtensionsOnce.ts).
 */
export const libraryReplacements = [
  {
    find: /^micromark-util-combine-extensions$/,
    replacement: fileURLToPath(new URL("./src/chat/markdown/combineExtensionsOnce.ts", import.meta.url)),
  },
];

/** The API server in development (scripts/dev.mjs starts it on this port). */
const apiTarget = "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), appVersionMeta(), precompressAssets()],
  resolve: { alias: libraryReplacements },
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
