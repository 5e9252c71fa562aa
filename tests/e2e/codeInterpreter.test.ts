/**
 * The code interpreter in the chat against the real server, whose 'Assistant'
 * agent (given the CodeInterpreter capability through the admin API) is bound
 * to a fake OpenAI model scripted to call run_python: the user attaches a CSV
 * in the composer, asks, sees the code and its output, sees the chart inline,
 * downloads the generated file, and finds all of it again after a reload.
 */
import { readFile } from "node:fs/promises";
import type { Download } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken, openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectVisible, waitForSettled } from "./harness.ts";
import { ChatPage } from "./pages/ChatPage.ts";
import { ComposerFiles } from "./pages/composerFiles.ts";

const { app, model } = setUpE2eAppWithModel({ serverEnv: openaiModelEnv });

async function adminApi(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  const response = await fetch(`${app.server.baseUrl}/api/internal${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${await adminToken(app.server)}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Gives the seeded Assistant the CodeInterpreter capability: a draft with it, published. */
beforeAll(async () => {
  const agents = (await adminApi("/admin/gptSystems")) as { gptSystemId: string; name: string }[];
  const assistant = agents.find((a) => a.name === "Assistant")!;
  const draft = (await adminApi(`/admin/gptSystems/${assistant.gptSystemId}/configStates`, { method: "POST", body: {} })) as Record<string, unknown>;
  await adminApi(`/admin/configStates/${String(draft.configStateId)}`, { method: "PUT", body: { ...draft, capabilityTypes: ["CodeInterpreter"] } });
  await adminApi(`/admin/gptSystems/${assistant.gptSystemId}/publish`, { method: "POST", body: { configStateId: draft.configStateId } });
});

const PROGRAM = `import csv, struct, zlib
totals = {}
for row in csv.DictReader(open('/mnt/data/sales.csv')):
    totals[row['region']] = totals.get(row['region'], 0) + int(row['amount'])
for region in sorted(totals):
    print(region, totals[region])
with open('summary.csv', 'w', newline='') as f:
    csv.writer(f).writerows([['region', 'total']] + [[r, totals[r]] for r in sorted(totals)])
def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
width, height = 240, 120
bars = {'north': (37, 99, 235), 'south': (249, 115, 22)}
rows = []
for y in range(height):
    row = b'\\x00'
    for x in range(width):
        region = 'north' if x < width // 2 else 'south'
        filled = height - y <= totals[region] * 2 and 20 < x % (width // 2) < 100
        row += bytes(bars[region] if filled else (248, 250, 252))
    rows.append(row)
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(b''.join(rows))) + chunk(b'IEND', b'')
with open('chart.png', 'wb') as f:
    f.write(png)`;

describe("the code interpreter in the chat", () => {
  it("runs Python over an attached CSV, shows code, output and chart, and downloads the generated file", async () => {
    const { page, chat } = await signInToChat(app);

    const files = new ComposerFiles(page);
    await files.attach({ name: "sales.csv", mimeType: "text/csv", buffer: Buffer.from("region,amount\nnorth,30\nsouth,8\nnorth,12\n") });
    await expectVisible(files.chip("sales.csv"), "the CSV's chip in the composer");

    model().enqueue(
      { tokens: ["I'll total the sales per region."], toolCalls: [{ id: "call_totals", name: "run_python", arguments: { code: PROGRAM } }] },
      { tokens: ["North", " sold", " the", " most:", " 42", " against", " 8."] },
      { tokens: ["Sales by region"] },
    );
    await chat.ask("Which region sold most?");
    const answer = chat.answer(0);
    // Starting the Python interpreter takes seconds (tens of seconds on a busy machine).
    await answer.and(page.locator(":not([data-status='Streaming'])")).waitFor({ timeout: 120_000 });
    expect(await answer.getAttribute("data-status")).toBe("Complete");
    await expectVisible(answer.getByText("North sold the most: 42 against 8."), "the model's final answer");

    const interpreter = answer.getByRole("region", { name: "Code interpreter" });
    await expectVisible(interpreter.getByText("csv.DictReader(open('/mnt/data/sales.csv'))", { exact: false }), "the code that ran");
    await expectVisible(interpreter.getByText("north 42", { exact: false }), "the program's output");
    const download = interpreter.getByRole("button", { name: "summary.csv (33 B)" });
    await expectVisible(download, "the generated file's download button");
    await expectVisible(interpreter.getByRole("img", { name: "chart.png" }), "the generated chart inline");

    const [saved] = (await Promise.all([page.waitForEvent("download"), download.click()])) as [Download, unknown];
    expect(saved.suggestedFilename()).toBe("summary.csv");
    expect(await readFile((await saved.path())!, "utf8")).toBe("region,total\r\nnorth,42\r\nsouth,8\r\n");

    // The tool's result went back to the model with the call.
    const toolTurn = (model().requests[1]!.body.messages as { role: string; content: string }[]).at(-1)!;
    expect(toolTurn.role).toBe("tool");
    expect(toolTurn.content).toContain("north 42\nsouth 8");

    await waitForSettled(page);
    await interpreter.getByRole("img", { name: "chart.png" }).evaluate((img: HTMLImageElement) => img.decode());
    await app.screenshot(page, "code-interpreter-answer");

    await page.reload();
    const reloaded = new ChatPage(page).answer(0).getByRole("region", { name: "Code interpreter" });
    await expectVisible(reloaded.getByText("north 42", { exact: false }), "the output after a reload");
    await expectVisible(reloaded.getByRole("button", { name: "summary.csv (33 B)" }), "the download after a reload");
    await expectVisible(reloaded.getByRole("img", { name: "chart.png" }), "the chart after a reload");
  }, 240_000);
});
