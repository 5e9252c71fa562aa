/**
 * The server takes questions of at most 32,000 characters (PostQuestionRequest): a longer one is
 * not sent, and the composer says why, with its length, instead of the server's "The request is not valid."
 */
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import { controlledStream, renderChatPage, setUpChatPageTests } from "../conversation/chatTestUtils";

setUpChatPageTests();

describe("a question's length", () => {
  it("is not sent when longer than the server takes, and the composer says so; at the limit it is sent", async () => {
    const stream = controlledStream();
    const posted: string[] = [];
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, async ({ request }) => {
        posted.push(((await request.json()) as { question: string }).question);
        return stream.response();
      }),
    );
    renderChatPage();
    await screen.findByText(/I plan trips/);
    const input = screen.getByRole("textbox", { name: "Message" });

    // Characters, not UTF-16 units: 31,999 letters and one emoji (two units) are 32,000 characters.
    const longest = `${"a".repeat(31_999)}😀`;
    fireEvent.change(input, { target: { value: `${longest}b` } });
    expect(
      await screen.findByText(
        "This message is too long to send: 32,001 characters, at most 32,000. Please shorten it.",
      ),
    ).toHaveAttribute("role", "status");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await userEvent.setup().type(input, "{Enter}");
    expect(posted).toEqual([]);
    expect(input).toHaveValue(`${longest}b`);

    fireEvent.change(input, { target: { value: `  ${longest}  ` } });
    expect(screen.queryByText(/too long to send/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await expect.poll(() => posted).toEqual([longest]);
    stream.close();
  });

  it("is not sent when nothing in it shows (zero-width spaces, a lone combining mark), which the server refuses", async () => {
    const posted: string[] = [];
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, async ({ request }) => {
        posted.push(((await request.json()) as { question: string }).question);
        return controlledStream().response();
      }),
    );
    renderChatPage();
    await screen.findByText(/I plan trips/);
    const input = screen.getByRole("textbox", { name: "Message" });

    fireEvent.change(input, { target: { value: " \u200b\u0301\u00ad " } });
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await userEvent.setup().type(input, "{Enter}");
    expect(posted).toEqual([]);

    // A mark on a letter shows.
    fireEvent.change(input, { target: { value: "e\u0301" } });
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
  });
});
