/** Network helpers for launching throwaway servers. */
import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that was free a moment ago. The OS picks it (port 0),
 * so parallel runs do not collide; callers retry if another process wins the race.
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(address.port));
    });
  });
}
