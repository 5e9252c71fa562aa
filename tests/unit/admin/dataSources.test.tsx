/**
 * The file-library admin screens: a library's files with their text and graph
 * index status, upload and re-index; the admin stream that creates a library
 * with its default endpoints, shows its steps and opens the new library.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { memoryStore } from "react-admin";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { registryResources } from "../../../src/admin/dataProvider/registryResources";
import { RegistryAdmin } from "../../../src/admin/resources/RegistryAdmin";
import { AppProviders } from "../../../src/app/AppProviders";
import { createQueryClient } from "../../../src/app/queryClient";
import { signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

const API = "/api/internal/admin/dataSources";
const library = {
  dataSourceId: "ds-1",
  name: "Handbook",
  description: "Staff rules",
  status: "Error",
  fileCount: 2,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
};
const file = (over: Record<string, unknown>) => ({
  dataSourceId: "ds-1",
  mimeType: "application/pdf",
  byteSize: 2048,
  errorText: null,
  graphErrorText: null,
  pageCount: 3,
  chunkCount: 7,
  entityCount: 4,
  createdAt: "2026-11-21T09:00:00.000Z",
  ...over,
});
const files = [
  file({
    fileId: "f-1",
    fileName: "rules.pdf",
    status: "Online",
    textIndexStatus: "Online",
    graphIndexStatus: "OutOfDate",
  }),
  file({
    fileId: "f-2",
    fileName: "scan.pdf",
    status: "Error",
    textIndexStatus: "Error",
    graphIndexStatus: "Error",
    errorText: "The file contains no text to search (a scanned PDF needs OCR first).",
    pageCount: null,
    chunkCount: null,
    entityCount: null,
  }),
];

function renderAt(path: string) {
  signInForTest();
  const router = createMemoryRouter(
    [{ path: "/admin/*", element: <RegistryAdmin resources={registryResources} store={memoryStore()} /> }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** jsdom renders react-admin slowly on a busy machine. */
const SLOW = { timeout: 10_000 };

const frame = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${Buffer.from(JSON.stringify(data), "utf8").toString("base64")}\n\n`;

describe("file library screen", () => {
  it("shows each file's text and graph index status, uploads files and re-indexes", async () => {
    const uploaded: string[] = [];
    let reindexed = false;
    server.use(
      http.get(`${API}/ds-1`, () => HttpResponse.json(library)),
      http.get(`${API}/ds-1/files`, () => HttpResponse.json(files)),
      http.post(`${API}/ds-1/files`, async ({ request }) => {
        // jsdom's FormData does not survive its way through Request intact (name and content are
        // lost); in Chromium the upload carries both (checked with the screenshot run).
        uploaded.push(request.headers.get("content-type")!.split(";")[0]!);
        return HttpResponse.json(file({ fileId: "f-3", fileName: "new.md", status: "Queued" }), { status: 201 });
      }),
      http.post(`${API}/ds-1/reindex`, () => {
        reindexed = true;
        return HttpResponse.json({ queued: 2 }, { status: 202 });
      }),
    );
    // The registry's edit route of a library opens the file page.
    const router = renderAt("/admin/datasource/ds-1/edit");
    await waitFor(
      () => expect(router.state.location.pathname).toBe("/admin/datasource/FileLibrary/default/ds-1/edit"),
      SLOW,
    );
    const table = await screen.findByRole("table", { name: "Files" }, SLOW);
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => [...r.querySelectorAll("td")].slice(0, 6).map((c) => c.textContent))).toEqual([
      [],
      ["rules.pdf", "Online", "OutOfDate", "3", "7", "4"],
      ["scan.pdf", "Error", "Error", "—", "—", "—"],
    ]);
    // The library's form is the registry's (name and description).
    expect(await screen.findByRole("textbox", { name: /Name/ })).toHaveValue("Handbook");

    await userEvent.upload(
      screen.getByTestId("file-library-upload"),
      new File(["# Notes"], "new.md", { type: "text/markdown" }),
    );
    await waitFor(() => expect(uploaded).toEqual(["multipart/form-data"]));
    expect(await screen.findByText("1 file(s) uploaded")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Re-index" }));
    await waitFor(() => expect(reindexed).toBe(true));
    expect(await screen.findByText("2 file(s) queued for indexing")).toBeInTheDocument();
  }, 30_000);

  it("creates a library through the admin stream, showing its steps, then opens it", async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/withDefaultEndpoints`, async ({ request }) => {
        sent = await request.json();
        const body =
          frame("step-update", "Creating the file library") +
          frame("step-update", "Checking the full-text index") +
          frame("response-model", {
            dataSource: { ...library, dataSourceId: "ds-9", name: "Policies", status: "Online", fileCount: 0 },
            endpoints: [{ endpointType: "TextIndex", status: "Online" }],
            errors: [],
          }) +
          frame("no-more-data", null);
        return new HttpResponse(body, { headers: { "Content-Type": "text/event-stream" } });
      }),
      http.get(`${API}/ds-9`, () => HttpResponse.json({ ...library, dataSourceId: "ds-9", name: "Policies" })),
      http.get(`${API}/ds-9/files`, () => HttpResponse.json([])),
    );
    const router = renderAt("/admin/datasource/new");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/datasource/FileLibrary/default/new"), SLOW);
    await userEvent.click(await screen.findByRole("button", { name: "Create" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), " Policies ");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(
      () => expect(router.state.location.pathname).toBe("/admin/datasource/FileLibrary/default/ds-9/edit"),
      SLOW,
    );
    expect(sent).toEqual({ name: "Policies", description: "" });
    expect(
      await screen.findByText(
        "No files yet. Upload PDF, DOCX, text, Markdown, HTML, CSV or JSON files to make them searchable.",
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it("keeps the stream's errors on the page", async () => {
    server.use(
      http.post(`${API}/withDefaultEndpoints`, () => {
        const body =
          frame("step-update", "Creating the file library") +
          frame("response-model", {
            dataSource: null,
            endpoints: [],
            errors: ["The file library could not be created."],
          }) +
          frame("no-more-data", null);
        return new HttpResponse(body, { headers: { "Content-Type": "text/event-stream" } });
      }),
    );
    const router = renderAt("/admin/datasource/FileLibrary/default/new");
    await userEvent.type(await screen.findByRole("textbox", { name: /Name/ }), "Broken");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("The file library could not be created.")).toBeInTheDocument();
    expect(screen.getByText("Creating the file library")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/datasource/FileLibrary/default/new");
  }, 30_000);
});
