/** Spec §8: the user-prompt dialog shows the server's validation errors on its fields. */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../../src/app/AppProviders";
import { createQueryClient } from "../../../../src/app/queryClient";
import { UserPromptDialog } from "../../../../src/chat/composer/UserPromptDialog";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

function renderDialog() {
  signInForTest();
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <UserPromptDialog prompt={null} onClose={onClose} />
    </AppProviders>,
  );
  return { onClose };
}

async function submit(title: string, prompt: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole("textbox", { name: "Title" }), title);
  await user.type(screen.getByRole("textbox", { name: "Prompt" }), prompt);
  await user.click(screen.getByRole("button", { name: "Save" }));
}

const problem = (status: number, errors?: Record<string, string[]>) =>
  HttpResponse.json(
    { type: "about:blank", title: status === 400 ? "Bad Request" : "Internal Server Error", status, ...(errors ? { errors } : {}) },
    { status, headers: { "content-type": "application/problem+json" } },
  );

// Renders the real providers in jsdom: slower than the default on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe("user prompt dialog", () => {
  it("shows each validation error on its field and the others in an alert, without the generic toast", async () => {
    server.use(
      http.post(`${API}/userPrompts`, () =>
        problem(400, { title: ["is already used by another prompt"], prompt: ["is required"], tags: ["are not supported"] }),
      ),
    );
    const { onClose } = renderDialog();
    await submit("Weekly summary", "Summarise the week.");

    const title = screen.getByRole("textbox", { name: "Title" });
    await waitFor(() => expect(title).toHaveAttribute("aria-invalid", "true"));
    expect(title).toHaveAccessibleDescription("is already used by another prompt");
    const prompt = screen.getByRole("textbox", { name: "Prompt" });
    expect(prompt).toHaveAttribute("aria-invalid", "true");
    expect(prompt).toHaveAccessibleDescription("is required");
    expect(screen.getByRole("alert")).toHaveTextContent("tags: are not supported");
    expect(screen.queryByText("The prompt could not be saved")).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the toast when the save fails for another reason", async () => {
    server.use(http.post(`${API}/userPrompts`, () => problem(500)));
    const { onClose } = renderDialog();
    await submit("Weekly summary", "Summarise the week.");

    expect(await screen.findByText("The prompt could not be saved")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveAttribute("aria-invalid", "false");
    expect(onClose).not.toHaveBeenCalled();
  });
});
