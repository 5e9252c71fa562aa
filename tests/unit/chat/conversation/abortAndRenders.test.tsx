import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../../src/app/queryClient";
import { chatStore } from "../../../../src/chat/state/chatStore";
import { reloadConversation } from "../../../../src/chat/stream/reloadConversation";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import type * as QuestionBubbleModule from "../../../../src/chat/conversation/QuestionBubble";
import type * as LiveAnswerBodyModule from "../../../../src/chat/conversation/LiveAnswerBody";
import {
  agentHandlers,
  CONVERSATION_ID,
  controlledStream,
  giveElementsASize,
  makeConversation,
  makeSegment,
  renderChatPage,
  resetChatState,
  segmentId,
  serveConversationStreamingNext,
} from "./chatTestUtils";

// Counts renders of the question bubbles (one per row) and of the streaming body.
const renders = vi.hoisted(() => ({ questions: new Map<string, number>(), live: 0 }));
vi.mock("../../../../src/chat/conversation/QuestionBubble", async (importOriginal) => {
  const original = await importOriginal<typeof QuestionBubbleModule>();
  return {
    QuestionBubble: (props: Parameters<typeof original.QuestionBubble>[0]) => {
      renders.questions.set(props.question, (renders.questions.get(props.question) ?? 0) + 1);
      return original.QuestionBubble(props);
    },
  };
});
vi.mock("../../../../src/chat/conversation/LiveAnswerBody", async (importOriginal) => {
  const original = await importOriginal<typeof LiveAnswerBodyModule>();
  return {
    LiveAnswerBody: (props: Parameters<typeof original.LiveAnswerBody>[0]) => {
      renders.live++;
      return original.LiveAnswerBody(props);
    },
  };
});

vi.setConfig({ testTimeout: 20_000 });
let restoreSizes = () => {};
beforeEach(() => {
  resetChatState();
  renders.questions.clear();
  renders.live = 0;
  restoreSizes = giveElementsASize();
  server.use(...agentHandlers);
});
afterEach(() => {
  vi.useRealTimers();
  restoreSizes();
  resetChatState();
});

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 40));

describe("streaming performance", () => {
  it("re-renders only the streaming message per chunk, never the earlier ones", async () => {
    const stream = controlledStream();
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2), makeSegment(3)])),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 3");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Fourth?{Enter}");
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(4),
    });
    stream.send("response-updated", "first ");
    await screen.findByText(/first/);
    const before = new Map(renders.questions);
    const liveBefore = renders.live;
    for (let i = 0; i < 10; i++) {
      stream.send("response-updated", `chunk${i} `);
      await nextFrame();
    }
    // Every chunk is shown, in order, though most only grew the shown text (no render of the answer's body).
    expect(await screen.findByText(/chunk9/)).toHaveTextContent(
      "first chunk0 chunk1 chunk2 chunk3 chunk4 chunk5 chunk6 chunk7 chunk8 chunk9",
    );
    expect(renders.live - liveBefore).toBeLessThan(10);
    for (const question of ["Question 1", "Question 2", "Question 3", "Fourth?"])
      expect(renders.questions.get(question), question).toBe(before.get(question));
    stream.close();
  });
});

describe("stop", () => {
  it("cancels the request, stops the answer on the server, shows it as stopped and reloads the conversation, retrying a 404", async () => {
    const stream = controlledStream();
    let aborted = false;
    let reads = 0;
    const stops: string[] = [];
    server.use(
      http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, ({ params }) => {
        // Stopped before the conversation is read again, so that the copy read is the stopped one.
        stops.push(`${String(params.conversationId)}/${String(params.conversationSegmentId)} after ${reads} reads`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => {
        reads++;
        if (reads === 1) return HttpResponse.json(makeConversation([makeSegment(1)]));
        if (reads === 2) return HttpResponse.json({ title: "Not Found", status: 404 }, { status: 404 });
        return HttpResponse.json(
          makeConversation([
            makeSegment(1),
            makeSegment(2, { question: "Long one?", answer: "Half", status: "Aborted" }),
          ]),
        );
      }),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, ({ request }) => {
        request.signal.addEventListener("abort", () => (aborted = true));
        return stream.response();
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 1");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Long one?{Enter}");
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(2),
    });
    stream.send("response-updated", "Half");
    await screen.findByText("Half");

    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(chatStore.getState().streamAborted).toBe(true);
    expect(await screen.findByText("Stopped")).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(3));
    expect(stops).toEqual([`${CONVERSATION_ID}/${segmentId(2)} after 1 reads`]);
    expect(aborted).toBe(true);
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Regenerate" })).toHaveLength(2));
  });

  it("stops an answer the server has not named yet once it is named, keeping its question, instead of leaving it to run on", async () => {
    const stream = controlledStream();
    let aborted = false;
    let reads = 0;
    const stops: string[] = [];
    server.use(
      http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, ({ params }) => {
        stops.push(`${String(params.conversationId)}/${String(params.conversationSegmentId)}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => {
        reads++;
        return HttpResponse.json(
          makeConversation([
            makeSegment(1),
            ...(reads > 1 ? [makeSegment(2, { question: "Too quick?", answer: "", status: "Aborted" })] : []),
          ]),
        );
      }),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, ({ request }) => {
        request.signal.addEventListener("abort", () => (aborted = true));
        return stream.response();
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 1");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Too quick?{Enter}");
    // Stop before the server said which answer it is: only its ids could stop it on the server.
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    expect(await screen.findByText("Stopped")).toBeInTheDocument();
    await nextFrame();
    expect(aborted).toBe(false);
    expect(stops).toEqual([]);

    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(2) });
    stream.send("response-updated", "Not shown");
    await waitFor(() => expect(stops).toEqual([`${CONVERSATION_ID}/${segmentId(2)}`]));
    expect(aborted).toBe(true);
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByText("Too quick?")).toBeInTheDocument();
    expect(screen.queryByText("Not shown")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("opens a new chat stopped before it was named as that conversation only once it is stored as stopped", async () => {
    const stream = controlledStream();
    let stored: "Streaming" | "Aborted" = "Streaming";
    const followed: string[] = [];
    server.use(
      http.post(`${API}/userConversations/byGptSystemId/:gptSystemId`, () => stream.response()),
      http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, () => {
        stored = "Aborted";
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1, { question: "New and quick?", answer: "", status: stored })])),
      ),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, ({ params }) => {
        followed.push(String(params.segmentId));
        return new HttpResponse(null, { status: 404 });
      }),
    );
    renderChatPage();
    const user = userEvent.setup();
    await screen.findByText(/I plan trips/);
    await user.type(screen.getByRole("textbox", { name: "Message" }), "New and quick?{Enter}");
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    expect(await screen.findByText("Stopped")).toBeInTheDocument();
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(1) });
    await waitFor(() => expect(chatStore.getState().currentConversationId).toBe(CONVERSATION_ID));
    expect(stored).toBe("Aborted");
    expect(await screen.findByText("New and quick?")).toBeInTheDocument();
    expect(screen.getByText("Stopped")).toBeInTheDocument();
    await nextFrame();
    // Never followed as if still streaming: no Stop coming back.
    expect(followed).toEqual([]);
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
  });

  it("sends a Stop that could not reach the server again once the browser is back online", async () => {
    const stream = serveConversationStreamingNext();
    let stopCalls = 0;
    server.use(
      http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, () =>
        ++stopCalls === 1 ? HttpResponse.error() : new HttpResponse(null, { status: 204 }),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 1");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Offline soon?{Enter}");
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(2) });
    stream.send("response-updated", "Partly");
    await screen.findByText("Partly");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(stopCalls).toBe(1));
    await nextFrame();
    expect(stopCalls).toBe(1);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(stopCalls).toBe(2));
  });

  it("shows a stopped answer whole at once, with what was waiting to close, before the stored copy comes", async () => {
    const stream = controlledStream();
    let reads = 0;
    let release = () => {};
    const stored = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, async () => {
        if (++reads > 1) await stored;
        const stopped = makeSegment(2, { question: "Long one?", answer: "Half of **it", status: "Aborted" });
        return HttpResponse.json(makeConversation(reads === 1 ? [makeSegment(1)] : [makeSegment(1), stopped]));
      }),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 1");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Long one?{Enter}");
    stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(2) });
    stream.send("response-updated", "Half of **it");
    // While it streams, the bold not closed yet waits.
    await screen.findByText("Half of");

    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await screen.findByText("Stopped")).toBeInTheDocument();
    // The conversation read again waits (`stored`): this is the live answer.
    expect(screen.getAllByTestId("answer").at(-1)).toHaveTextContent("Half of **it");
    release();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Regenerate" })).toHaveLength(2));
    expect(screen.getAllByTestId("answer").at(-1)).toHaveTextContent("Half of **it");
  });

  it("retries a 404 up to 10 times with a backoff of 2^n × 100 ms", async () => {
    signInForTest();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const calls: number[] = [];
    const started = Date.now();
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => {
        calls.push(Date.now() - started);
        return HttpResponse.json({ title: "Not Found", status: 404 }, { status: 404 });
      }),
    );
    const queryClient = createQueryClient();
    const done = reloadConversation(queryClient, CONVERSATION_ID);
    // Lets the request layer and msw run without moving the (fake) clock: vi.waitFor would advance it.
    const settle = async (count: number) => {
      for (let i = 0; i < 200 && calls.length < count; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const flush = () => settle(Infinity);
    await settle(1);
    const waits = [100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 51_200];
    for (const [n, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      await flush();
      expect(calls, `before retry ${n + 1}`).toHaveLength(n + 1);
      await vi.advanceTimersByTimeAsync(1);
      await settle(n + 2);
      expect(calls).toHaveLength(n + 2);
    }
    await done;
    // 1 attempt + 10 retries, then it gives up (logged).
    await vi.advanceTimersByTimeAsync(200_000);
    expect(calls).toHaveLength(11);
  });
});
