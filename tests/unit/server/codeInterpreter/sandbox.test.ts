/**
 * The Python sandbox: runs programs over mounted files, and cannot reach the
 * network, the host file system, the server's process or environment; it is
 * stopped at its time and memory limits.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryMessage, runPython, timeoutMessage } from "../../../../src/server/codeInterpreter/sandbox";

/** Each run starts an interpreter: ~3 s on an idle 2-core machine, 20–40 s when it is shared by many builds. */
const SLOW = 120_000;

let server: Server;
let hits = 0;
let url = "";
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.end("secret from the network");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs each attempt in its own try, so one blocked path does not hide the next. */
function attempts(lines: Record<string, string>): string {
  return Object.entries(lines)
    .map(
      ([name, body]) =>
        `try:\n${body
          .split("\n")
          .map((l) => `    ${l}`)
          .join("\n")}\n    print("${name}: REACHED")\nexcept BaseException as e:\n    print("${name}: blocked", type(e).__name__)`,
    )
    .join("\n");
}

describe("runPython", () => {
  it("runs a program over a mounted CSV and returns the files it writes, streaming its output", async () => {
    const chunks: string[] = [];
    const result = await runPython({
      code: [
        "import csv",
        "rows = list(csv.DictReader(open('/mnt/data/sales.csv')))",
        "total = sum(int(r['amount']) for r in rows)",
        "print('rows', len(rows))",
        "open('summary.txt', 'w').write(f'total={total}\\n')",
        "total",
      ].join("\n"),
      files: [{ name: "sales.csv", bytes: Buffer.from("region,amount\nnorth,10\nsouth,32\n") }],
      onOutput: (text) => chunks.push(text),
    });
    expect(result.outcome).toBe("ok");
    expect(result.error).toBeNull();
    expect(result.output).toBe("rows 2\n42\n");
    expect(chunks).toEqual(["rows 2\n", "42\n"]);
    expect(result.files.map((f) => [f.path, f.bytes.toString()])).toEqual([["summary.txt", "total=42\n"]]);
  }, SLOW);

  it("reports a Python error with its traceback", async () => {
    const result = await runPython({ code: "print('before')\n1/0" });
    expect(result.outcome).toBe("error");
    expect(result.output).toBe("before\n");
    expect(result.error).toMatch(/ZeroDivisionError: division by zero/);
  }, SLOW);

  it("cannot reach the network by any route a program has", async () => {
    const result = await runPython({
      code: attempts({
        jsFetch: `import js\njs.fetch("${url}")`,
        pyfetch: `from pyodide.http import pyfetch\nimport asyncio\nasyncio.get_event_loop().run_until_complete(pyfetch("${url}"))`,
        openUrl: `from pyodide.http import open_url\nopen_url("${url}")`,
        urllib: `import urllib.request\nurllib.request.urlopen("${url}", timeout=2)`,
        socket: `import socket\nsocket.create_connection(("127.0.0.1", ${new URL(url).port}), timeout=2)`,
        pyodideJsFetch: `import pyodide_js\npyodide_js._module.fetch("${url}")`,
        runJs: `from pyodide.code import run_js\nrun_js("fetch('${url}')")`,
        functionCtor: `import js\njs.Object.constructor("return fetch('${url}')")()`,
        loadPackage: `import pyodide_js\npyodide_js.loadPackage("${url}x.whl")`,
      }),
    });
    expect(result.outcome).toBe("ok");
    expect(result.output, result.output).not.toContain("REACHED");
    expect(result.output.trim().split("\n").filter((l) => l.includes(": blocked"))).toHaveLength(9);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hits).toBe(0);
  }, SLOW);

  it("cannot read the host file system, the project, the server's environment or its process", async () => {
    process.env.SANDBOX_CANARY = "must not be seen";
    const result = await runPython({
      code: attempts({
        passwd: `print(open("/etc/passwd").read()[:20])`,
        project: `print(open("${process.cwd()}/package.json").read()[:20])`,
        listing: `import os\nassert "package.json" in os.listdir("${process.cwd()}")`,
        nodefs: `import pyodide_js\nfs = pyodide_js.FS\nfs.mkdir("/host")\nfs.mount(fs.filesystems.NODEFS, {"root": "/"}, "/host")\nprint(open("/host/etc/passwd").read()[:20])`,
        mountNodeFS: `import pyodide_js\npyodide_js.mountNodeFS("/h2", "/etc")\nprint(open("/h2/passwd").read()[:20])`,
        loadBinaryFile: `import pyodide_js\npyodide_js._api.loadBinaryFile("/etc/passwd")`,
        jsProcess: `import js\nprint(js.process.env)`,
        jsRequire: `import js\njs.require("fs")`,
        envVars: `import os\nassert "SANDBOX_CANARY" in os.environ or any(k.startswith(("OPENAI", "ENCRYPTION", "TOKEN_SECRET")) for k in os.environ)`,
        osEnviron: `import os\nassert os.environ.get("HOME") != "/mnt/data"`,
      }),
    });
    expect(result.outcome).toBe("ok");
    expect(result.output).not.toContain("REACHED");
    expect(result.output).not.toContain("root:");
    expect(result.output.trim().split("\n")).toHaveLength(10);
  }, SLOW);

  it("stops an endless loop at the time limit with a clear error", async () => {
    const result = await runPython({ code: "print('looping')\nwhile True:\n    pass", limits: { timeoutSeconds: 2 } });
    expect(result.outcome).toBe("timeout");
    expect(result.error).toBe(timeoutMessage(2));
    expect(result.error).toBe("The program was stopped: it ran longer than the 2 s time limit.");
    expect(result.output).toBe("looping\n");
    expect(result.durationMs).toBeLessThan(40_000);
  }, SLOW);

  it("stops a memory hog at the memory limit", async () => {
    const result = await runPython({ code: "hog = []\nwhile True:\n    hog.append(bytearray(10 * 1024 * 1024))", limits: { memoryMb: 256 } });
    expect(result.outcome).toBe("memory");
    expect(result.error?.startsWith(memoryMessage(256))).toBe(true);
  }, SLOW);

  it("caps what a program prints", async () => {
    const result = await runPython({ code: "for i in range(100000):\n    print('x' * 100)", limits: { maxOutputBytes: 1000 } });
    expect(result.outcome).toBe("ok");
    expect(result.output).toBe(`${"x".repeat(100)}\n`.repeat(9) + "[output truncated at 1000 bytes]\n");
  }, SLOW);
});
