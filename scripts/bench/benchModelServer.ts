/**
 * The fake model server (tests/fakes/fakeModelServer.ts) as the benchmark uses it:
 * every answer request gets the same script, and the product's title request
 * (a second model call after the first answer of a conversation, with
 * max_tokens 24) gets a short script, as a real model would stop after a few
 * words; the fake server itself ignores max_tokens.
 */
import {
  startFakeModelServer,
  type FakeModelServer,
  type FakeScript,
  type RecordedRequest,
} from "../../tests/fakes/fakeModelServer";

/** The system prompt of src/server/features/userConversations/titles.ts. */
const TITLE_PROMPT = /^You name conversations\./;

function isTitleRequest(request: RecordedRequest): boolean {
  const messages = request.body.messages;
  if (!Array.isArray(messages)) return false;
  const first = messages[0] as { role?: unknown; content?: unknown } | undefined;
  return first?.role === "system" && typeof first.content === "string" && TITLE_PROMPT.test(first.content);
}

export interface BenchModelServer extends FakeModelServer {
  titleRequests(): number;
}

export async function startBenchModelServer(
  answer: FakeScript,
  title: FakeScript | undefined,
): Promise<BenchModelServer> {
  const server = await startFakeModelServer();
  server.setDefault(answer);
  let titles = 0;
  if (title) {
    // The fake server records a request, then (synchronously) takes the next queued script or the
    // default: queueing the title script while the request is recorded routes exactly this request.
    const record = server.requests.push.bind(server.requests);
    server.requests.push = (...requests: RecordedRequest[]) => {
      for (const request of requests)
        if (isTitleRequest(request)) {
          titles += 1;
          server.enqueue(title);
        }
      return record(...requests);
    };
  }
  return Object.assign(server, { titleRequests: () => titles });
}
