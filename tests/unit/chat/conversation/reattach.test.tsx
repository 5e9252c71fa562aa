import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { abortRunningResponse } from "../../../../src/chat/navigation/abortRunningResponse";
import { chatActions } from "../../../../src/chat/state/chatStore";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  renderChatPage,
  segmentId,
  setUpChatPageTests,
} from "./chatTestUtils";

setUpChatPageTests();

const WILL_FOLLOW =
  "The connection was lost before the whole answer arrived. The rest will follow as soon as the server can be reached.";
const RELOAD = "The connection was lost before the whole answer arrived. Reload the page to see the rest.";

/**
 * Opens a conversation whose second answer streams, follows it, shows "Half way" and loses the
 * connection; the page then says it will follow the rest. `nextFollow` answers the follows after the first.
 */
async function loseFollowedAnswerHalfWay(nextFollow: () => Response) {
  const stream = controlledStream();
  const counts = { follows: 0 };
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
      HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2, { answer: "", status: "Streaming" })])),
    ),
    http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, () => {
      counts.follows++;
      return counts.follows === 1 ? stream.response() : nextFollow();
    }),
  );
  renderChatPage({ conversationId: CONVERSATION_ID });
  await waitFor(() => expect(counts.follows).toBe(1));
  stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(2) });
  stream.send("response-updated", "Half way");
  expect(await screen.findByText("Half way")).toBeInTheDocument();
  stream.fail();
  await screen.findByText(WILL_FOLLOW);
  return counts;
}

describe("reattach", () => {
  it("follows the answer again once the server can be reached after its connection was lost", async () => {
    const streams = [controlledStream(), controlledStream()];
    const followed: string[] = [];
    let reachable = false;
    let probes = 0;
    server.use(
      http.get("/healthz", () => {
        probes++;
        return reachable ? HttpResponse.json({ status: "ok" }) : HttpResponse.error();
      }),
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1), makeSegment(2, { answer: "", status: "Streaming" })])),
      ),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, ({ params }) => {
        followed.push(String(params.segmentId));
        return streams[followed.length - 1]!.response();
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await waitFor(() => expect(followed).toEqual([segmentId(2)]));
    const ids = { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(2) };
    streams[0]!.send("conversation-and-segment-id", ids);
    streams[0]!.send("response-updated", "Half way");
    expect(await screen.findByText("Half way")).toBeInTheDocument();
    streams[0]!.fail();
    // The page says it will go on by itself, not that the reader must reload.
    expect(await screen.findByText(WILL_FOLLOW)).toBeInTheDocument();

    // Out of reach: the answer stays as it is, not shown streaming and failed again at each try.
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(probes).toBe(1));
    expect(followed).toEqual([segmentId(2)]);
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
    reachable = true;
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(followed).toEqual([segmentId(2), segmentId(2)]));
    // Following again, the answer so far stays shown until the replay brings it.
    expect(await screen.findByRole("button", { name: "Stop" })).toBeInTheDocument();
    expect(screen.getByText("Half way")).toBeInTheDocument();
    streams[1]!.send("conversation-and-segment-id", ids);
    await act(async () => {});
    expect(screen.getByText("Half way")).toBeInTheDocument();
    // The follow replays the answer so far, then the rest.
    streams[1]!.send("response-updated", "Half way, and the rest.");
    streams[1]!.send("response-model", {
      conversationSegmentId: segmentId(2),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    streams[1]!.send("no-more-data", null);
    streams[1]!.close();
    expect(await screen.findByText("Half way, and the rest.")).toBeInTheDocument();
    expect(screen.queryByText(/The connection was lost/)).not.toBeInTheDocument();
  });

  it("asks for a reload at once when the server answers that the stream is not there to follow", async () => {
    const counts = await loseFollowedAnswerHalfWay(() =>
      HttpResponse.json({ title: "Not Found", status: 404 }, { status: 404 }),
    );
    // The server is reached again, and has no stream of it: nothing more will come here.
    act(() => void window.dispatchEvent(new Event("online")));
    expect(await screen.findByText(RELOAD)).toBeInTheDocument();
    expect(screen.getByText("Half way")).toBeInTheDocument();
    expect(counts.follows).toBe(2);
  });

  it("asks for a reload once the server stayed out of reach through every try", async () => {
    let probes = 0;
    server.use(
      http.get("/healthz", () => {
        probes++;
        return HttpResponse.error();
      }),
    );
    const counts = await loseFollowedAnswerHalfWay(() => HttpResponse.error());
    for (let tries = 1; tries <= 5; tries++) {
      expect(screen.queryByText(RELOAD)).not.toBeInTheDocument();
      act(() => void window.dispatchEvent(new Event("online")));
      await waitFor(() => expect(probes).toBe(tries));
    }
    expect(await screen.findByText(RELOAD)).toBeInTheDocument();
    expect(screen.getByText("Half way")).toBeInTheDocument();
    expect(counts.follows).toBe(1);
  });

  it("follows an answer that is still streaming when the conversation is opened", async () => {
    const stream = controlledStream();
    let finished = false;
    const followed: string[] = [];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([
            makeSegment(1),
            makeSegment(2, finished ? { answer: "So far, and the rest." } : { answer: "So far", status: "Streaming" }),
          ]),
        ),
      ),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, ({ params }) => {
        followed.push(String(params.segmentId));
        return stream.response();
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    await waitFor(() => expect(followed).toEqual([segmentId(2)]));
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(2),
    });
    stream.send("response-updated", "So far");
    expect(await screen.findByText("So far")).toBeInTheDocument();
    expect(screen.getByTestId("streaming-cursor")).toBeInTheDocument();
    stream.send("response-updated", ", and the rest.");
    expect(await screen.findByText("So far, and the rest.")).toBeInTheDocument();
    finished = true;
    stream.send("response-model", {
      conversationSegmentId: segmentId(2),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    stream.send("no-more-data", null);
    stream.close();
    await waitFor(() => expect(screen.queryByTestId("streaming-cursor")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Regenerate" })).toHaveLength(2));
  });

  it("gives Send back once the followed answer is final, before its stream ends, and keeps it when a follow-up is asked", async () => {
    const stream = controlledStream();
    const next = controlledStream();
    let finished = false;
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([
            makeSegment(1),
            makeSegment(2, finished ? { answer: "All of it." } : { answer: "All", status: "Streaming" }),
          ]),
        ),
      ),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, () => stream.response()),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => next.response()),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    expect(await screen.findByRole("button", { name: "Stop" })).toBeInTheDocument();
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(2),
    });
    stream.send("response-updated", "All of it.");
    finished = true;
    stream.send("response-model", {
      conversationSegmentId: segmentId(2),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Regenerate" })).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Third?{Enter}");
    expect(await screen.findByRole("button", { name: "Stop" })).toBeInTheDocument();
    expect(screen.getByText("All of it.")).toBeInTheDocument();
    stream.send("no-more-data", null);
    stream.close();
    next.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: segmentId(3) });
    next.send("response-updated", "Third answer");
    expect(await screen.findByText("Third answer")).toBeInTheDocument();
    expect(screen.getByText("All of it.")).toBeInTheDocument();
    next.close();
  });

  it("offers Stop while following, which stops the answer on the server and shows it stopped", async () => {
    const stream = controlledStream();
    let stopped = false;
    const stops: string[] = [];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([
            makeSegment(1),
            makeSegment(
              2,
              stopped ? { answer: "So far", status: "Aborted" } : { answer: "So far", status: "Streaming" },
            ),
          ]),
        ),
      ),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, () => stream.response()),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stop`, ({ params }) => {
        stops.push(String(params.segmentId));
        stopped = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(2),
    });
    stream.send("response-updated", "So far");
    expect(await screen.findByText("So far")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(stops).toEqual([segmentId(2)]));
    expect(await screen.findByText("Stopped")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("stops a followed answer on the server when another conversation is chosen, as an answer asked on this page", async () => {
    const stream = controlledStream();
    const stops: string[] = [];
    const other = "00000000-0000-4000-8000-00000000abcd";
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([makeSegment(1), makeSegment(2, { answer: "So far", status: "Streaming" })]),
        ),
      ),
      http.get(`${API}/userConversations/${other}`, () => new HttpResponse(null, { status: 404 })),
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stream`, () => stream.response()),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments/:segmentId/stop`, ({ params }) => {
        stops.push(String(params.segmentId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { queryClient } = renderChatPage({ conversationId: CONVERSATION_ID });
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(2),
    });
    stream.send("response-updated", "So far");
    expect(await screen.findByText("So far")).toBeInTheDocument();
    // What choosing a conversation in the list does (useSelectConversation).
    act(() => {
      abortRunningResponse(queryClient);
      chatActions.setCurrentConversation(other);
    });
    await waitFor(() => expect(stops).toEqual([segmentId(2)]));
  });
});
