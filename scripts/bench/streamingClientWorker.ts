/** Worker entry: the benchmark's load generator (streamingClient.ts) on its own thread. */
import { parentPort } from "node:worker_threads";
import { runStreams, type RunRequest } from "./streamingClient";
import type { WorkerMessage } from "./workers";

const port = parentPort!;
port.on("message", (message: WorkerMessage) => {
  if (message.type === "run") {
    runStreams(message.request as RunRequest).then(
      (results) => port.postMessage({ id: message.id, type: "results", results }),
      (error: unknown) =>
        port.postMessage({
          id: message.id,
          type: "error",
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  } else if (message.type === "close") {
    port.postMessage({ id: message.id, type: "closed" });
    port.close();
  }
});
port.postMessage({ type: "ready" });
