/**
 * Closes what a Python program could reach through pyodide's JavaScript bridge
 * (`import js`, `pyodide_js`, any JsProxy) in the sandbox worker. Run once
 * pyodide has loaded from node_modules and before user code runs. Every layer
 * stands on its own, so a path missed by one is closed by the next:
 *   1. no network: fetch, WebSocket and friends are gone from the thread's global;
 *   2. no new code: eval and every Function constructor throw, so no `import()`
 *      of a Node built-in can be compiled at run time;
 *   3. the thread's own Node built-ins (fs, net, child_process, vm, ...) are
 *      neutered in place, so a closure already holding one (pyodide keeps fs and
 *      child_process for its package loader) can no longer use it;
 *   4. process is stripped of binding/dlopen/kill/env, pyodide of its loaders
 *      and NODEFS, the host file system mount.
 */
import { createRequire, syncBuiltinESMExports } from "node:module";

const require = createRequire(import.meta.url);

function blocked(name) {
  return function sandboxBlocked() {
    throw new Error(`${name} is not available in the sandbox`);
  };
}

export const NETWORK_GLOBALS = ["fetch", "WebSocket", "XMLHttpRequest", "EventSource", "BroadcastChannel", "Request", "Response", "Headers"];

/** Safe to call before pyodide loads: pyodide reads its files from node_modules with fs, never over the network. */
export function removeNetworkGlobals() {
  for (const name of NETWORK_GLOBALS) {
    try {
      delete globalThis[name];
    } catch {
      /* not configurable: overwritten below */
    }
    if (name in globalThis) Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false });
  }
}

const NEUTERED_MODULES = [
  "fs",
  "fs/promises",
  "child_process",
  "net",
  "tls",
  "http",
  "https",
  "http2",
  "dgram",
  "dns",
  "dns/promises",
  "vm",
  "inspector",
  "cluster",
  "repl",
  "v8",
  "os",
  "module",
  "wasi",
  "worker_threads",
];

function neuterModule(name) {
  let mod;
  try {
    mod = require(`node:${name}`);
  } catch {
    return;
  }
  for (const key of Object.getOwnPropertyNames(mod)) {
    const descriptor = Object.getOwnPropertyDescriptor(mod, key);
    if (!descriptor || !descriptor.configurable) continue;
    if (typeof descriptor.value === "function" || typeof descriptor.get === "function" || (descriptor.value && typeof descriptor.value === "object"))
      Object.defineProperty(mod, key, { value: blocked(`${name}.${key}`), configurable: false, writable: false });
  }
}

function blockCodeGeneration() {
  const constructors = [
    Function,
    Object.getPrototypeOf(async function () {}).constructor,
    Object.getPrototypeOf(function* () {}).constructor,
    Object.getPrototypeOf(async function* () {}).constructor,
  ];
  for (const ctor of constructors) {
    // Same prototype, so pyodide's own `instanceof Function` checks keep working; calling it throws.
    const standIn = blocked("Function");
    Object.defineProperty(standIn, "prototype", { value: ctor.prototype });
    Object.defineProperty(ctor.prototype, "constructor", { value: standIn, configurable: false, writable: false });
    if (ctor === Function) Object.defineProperty(globalThis, "Function", { value: standIn, configurable: false, writable: false });
  }
  Object.defineProperty(globalThis, "eval", { value: blocked("eval"), configurable: false, writable: false });
}

function stripProcess() {
  const proc = globalThis.process;
  for (const key of ["binding", "_linkedBinding", "dlopen", "kill", "_kill", "getBuiltinModule", "chdir", "abort", "reallyExit", "_debugProcess", "setSourceMapsEnabled"])
    if (key in proc) Object.defineProperty(proc, key, { value: blocked(`process.${key}`), configurable: false, writable: false });
  Object.defineProperty(proc, "env", { value: Object.freeze({}), configurable: false, writable: false });
  delete globalThis.require;
  delete globalThis.module;
}

function stripPyodide(pyodide) {
  for (const key of ["loadPackage", "loadPackagesFromImports", "mountNodeFS", "mountNativeFS", "registerJsModule", "setStdin"])
    Object.defineProperty(pyodide, key, { value: blocked(`pyodide.${key}`), configurable: false, writable: false });
  delete pyodide.FS.filesystems.NODEFS;
  delete pyodide.FS.filesystems.NATIVEFS_ASYNC;
  delete pyodide._module.NODEFS;
  const api = pyodide._api;
  for (const key of ["loadBinaryFile", "loadScript", "loadDynlib", "loadPackage", "install"])
    if (api && key in api) api[key] = blocked(`pyodide._api.${key}`);
}

export function lockDown(pyodide) {
  removeNetworkGlobals();
  stripPyodide(pyodide);
  for (const name of NEUTERED_MODULES) neuterModule(name);
  syncBuiltinESMExports();
  stripProcess();
  blockCodeGeneration();
}
