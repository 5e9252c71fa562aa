import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => chatStore.setState(initialChatState));

const documentId = "00000000-0000-4000-8000-00000000d0c1";
const rules = {
  guidelinesDocumentId: documentId,
  name: "Chat rules",
  sections: [
    { title: "Be kind", body: "Treat **everyone** with respect." },
    { title: "No secrets", body: "- never paste passwords" },
  ],
};

describe("guidelines consent dialog (spec §5)", () => {
  it("shows the pending document's sections and records consent once with 'I agree'", async () => {
    let pending = [rules];
    const consents: string[] = [];
    server.use(
      http.get(`${API}/guidelinesDocuments/pendingConsent`, () => HttpResponse.json(pending)),
      http.post(`${API}/guidelinesDocuments/:id/consent`, ({ params }) => {
        consents.push(params.id as string);
        pending = [];
        return HttpResponse.json({ guidelinesDocumentId: params.id, consentedAt: "2026-11-22T01:00:00.000Z" });
      }),
    );
    signInForTest();
    renderApp("/chat");

    const dialog = await screen.findByRole("dialog", { name: "Chat rules" });
    expect(
      within(dialog).getByText("Please read these guidelines and agree to them before you ask your first question."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Be kind" })).toBeInTheDocument();
    expect((await within(dialog).findByText("everyone")).tagName).toBe("STRONG");
    expect(within(dialog).getByRole("listitem")).toHaveTextContent("never paste passwords");

    await userEvent.click(within(dialog).getByRole("button", { name: "I agree" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Chat rules" })).not.toBeInTheDocument());
    expect(consents).toEqual([documentId]);
    expect(chatStore.getState().guidelinesDocumentConsent).toEqual([documentId]);
  });

  it("stays open with an error when the consent cannot be recorded", async () => {
    server.use(
      http.get(`${API}/guidelinesDocuments/pendingConsent`, () => HttpResponse.json([rules])),
      http.post(`${API}/guidelinesDocuments/:id/consent`, () =>
        HttpResponse.json({ type: "about:blank", title: "Not Found", status: 404 }, { status: 404 }),
      ),
    );
    signInForTest();
    renderApp("/chat");
    const dialog = await screen.findByRole("dialog", { name: "Chat rules" });
    await userEvent.click(within(dialog).getByRole("button", { name: "I agree" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Your consent could not be recorded. Please try again.",
    );
    expect(chatStore.getState().guidelinesDocumentConsent).toEqual([]);
  });
});
