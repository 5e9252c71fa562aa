/** Worker entry: the benchmark's model server (benchModelServer.ts) on its own thread, so its work does not run on the product server's event loop. */
import { parentPort, workerData } from "node:worker_threads";
import type { FakeScript } from "../../tests/fakes/fakeModelServer";
import { startBenchModelServer } from "./benchModelServer";
import type { WorkerMessage } from "./workers";

const { answer, title } = workerData as { answer: FakeScript; title: FakeScript | undefined };
const port = parentPort!;
const server = await startBenchModelServer(answer, title);

port.on("message", (message: WorkerMessage) => {
  if (message.type === "info") {
    port.postMessage({
      id: message.id,
      type: "info",
      openaiBaseUrl: server.openaiBaseUrl,
      requests: server.requests.length,
      titleRequests: server.titleRequests(),
    });
    // Recorded request bodies are not needed by the benchmark: keep memory flat.
    server.requests.length = 0;
  } else if (message.type === "close") {
    void server.close().then(() => {
      port.postMessage({ id: message.id, type: "closed" });
      port.close();
    });
  }
});
port.postMessage({ type: "ready" });
