/**
 * Bundle report (not a test): how much JavaScript does the chat page load?
 *
 *   npm run bench:bundle -- [--skip-build] [--dist dist]
 *
 * Builds the front end with Vite's manifest (`vite build --manifest`; --skip-build
 * reads an earlier build's dist/.vite/manifest.json) and prints gzip sizes of:
 *   initial: what /chat loads before its first paint — index.html's entry chunk and
 *            every chunk it imports statically (the modulepreloads), and its CSS;
 *   lazy:    each chunk group loaded on demand (dynamic import), with the part it adds
 *            to the initial set, and when the chat page asks for it.
 * Target: the chat page's initial JS ≤ 250 kB gzip, and the admin chunk never in it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values: args } = parseArgs({
  options: { "skip-build": { type: "boolean", default: false }, dist: { type: "string", default: "dist" } },
});
const DIST = args.dist;
const TARGET_KB = 250;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What the chat page does with a lazy chunk group, by the module it starts from. */
const LAZY_ROLES: [RegExp, string][] = [
  [/^src\/admin\//, "admin area (/admin only; never requested by the chat page)"],
  [/katexModule/, "KaTeX + its CSS (requested by the first formula shown)"],
  [/markdownRenderers/, "markdown pipeline (requested when a conversation is fetched or a question asked)"],
  [/entraId/, "MSAL (Microsoft Entra ID sign-in only)"],
  [/LoginPage/, "login page (signed-out visits only)"],
  [/AgentsDirectoryPage|EditPersonalAgentPage/, "page other than the chat (on navigating to it)"],
  [/NavPanel/, "side navigation's open panel: conversation list, search (when the navigation is first opened)"],
  [/AgentsTab/, "navigation's Agents tab (when first shown)"],
  [
    /SettingsDrawer|AboutDrawer|AccountPopover|UserPromptsPopover|ConversationMenu|DeleteConversationDialog|QuickCreateDialog|ReportAgentDialog|QuestionImageDialog/,
    "dialog, drawer or menu (when first opened)",
  ],
  [/ExecutionDetailsContent/, "execution details (when the panel is first open)"],
  [
    /CitationList|CodeInterpreterPanel/,
    "answer part (with the first answer that has sources or code interpreter output)",
  ],
  [/JumpToLatestButton/, "jump-to-latest button (when the reader first scrolls away from the end)"],
  [/GuidelinesConsentPrompt/, "guidelines consent (only while a document awaits consent)"],
  [/QuickStartTour|launchQuickStartTour/, "Quick Start tour and its engine (when first started)"],
];

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipSize = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;

/** The chunks `key` loads statically: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function main() {
  if (!args["skip-build"])
    execFileSync("npx", ["vite", "build", "--manifest", "--outDir", DIST, "--emptyOutDir"], { stdio: "ignore" });
  const manifestPath = join(DIST, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\``);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith("index.html"));
  if (!entryKey) throw new Error("no index.html entry in the manifest");
  const initial = staticClosure(manifest, entryKey);
  const initialJs = [...initial].map((key) => ({ file: manifest[key]!.file, gzip: gzipSize(manifest[key]!.file) }));
  const initialCss = [...new Set([...initial].flatMap((key) => manifest[key]!.css ?? []))].map((file) => ({
    file,
    gzip: gzipSize(file),
  }));
  const initialJsTotal = initialJs.reduce((sum, chunk) => sum + chunk.gzip, 0);

  console.log("Chat page (/chat), loaded before the first paint:");
  for (const chunk of initialJs.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kB(chunk.gzip).padStart(9)}  ${chunk.file}`);
  console.log(`  ${kB(initialJsTotal).padStart(9)}  JavaScript in all`);
  for (const css of initialCss) console.log(`  ${kB(css.gzip).padStart(9)}  ${css.file} (CSS)`);

  console.log("Loaded on demand (gzip the group adds to the initial set):");
  const lazyResults: { key: string; gzip: number; role: string; files: string[] }[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const added = [...staticClosure(manifest, key)].filter((k) => !initial.has(k));
    const files = added.map((k) => manifest[k]!.file);
    const css = added.flatMap((k) => manifest[k]!.css ?? []);
    const gzip = [...files, ...css].reduce((sum, file) => sum + gzipSize(file), 0);
    const source = chunk.src ?? key;
    const role = LAZY_ROLES.find(([pattern]) => pattern.test(source))?.[1] ?? "other";
    lazyResults.push({ key, gzip, role, files: [...files, ...css] });
    console.log(`  ${kB(gzip).padStart(9)}  ${source} — ${role}\n             ${[...files, ...css].join(", ")}`);
  }

  const adminInInitial = [...initial].some((key) => /^src\/admin\//.test(manifest[key]!.src ?? key));
  // The admin area's groups share chunks: each file once.
  const adminFiles = new Set(
    lazyResults.filter((result) => result.role.startsWith("admin")).flatMap((result) => result.files),
  );
  const adminGzip = [...adminFiles].reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(
    `initial JS ${kB(initialJsTotal)} gzip (target ≤ ${TARGET_KB} kB: ${initialJsTotal / 1024 <= TARGET_KB ? "met" : "NOT met"}); ` +
      `admin chunks ${kB(adminGzip)} gzip, ${adminInInitial ? "IN the chat page's initial load (wrong)" : "not loaded by the chat page"}`,
  );
  console.log(
    JSON.stringify({
      initialJsGzipKb: Number((initialJsTotal / 1024).toFixed(1)),
      initialCssGzipKb: Number((initialCss.reduce((sum, css) => sum + css.gzip, 0) / 1024).toFixed(1)),
      initialChunks: Object.fromEntries(initialJs.map((chunk) => [chunk.file, Number((chunk.gzip / 1024).toFixed(1))])),
      lazy: Object.fromEntries(lazyResults.map((result) => [result.key, Number((result.gzip / 1024).toFixed(1))])),
      adminGzipKb: Number((adminGzip / 1024).toFixed(1)),
      adminInInitial,
      targetKb: TARGET_KB,
    }),
  );
}

main();
