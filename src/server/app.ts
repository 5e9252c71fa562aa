/**
 * buildApp: one Fastify instance serving the contract under /api/internal, the
 * health probes and the built front end. The caller listens (and closes).
 */
import Fastify, { LogController, type FastifyInstance } from "fastify";
import { handlers as featureHandlers } from "./features";
import { contractOperations, type OpenApiDocument } from "./http/contract";
import { errorHandler } from "./http/errors";
import { registerHealth } from "./http/health";
import { requestIdFor, REQUEST_ID_HEADER } from "./http/requestId";
import { registerContractRoutes } from "./http/router";
import { registerSecurity } from "./http/security";
import { registerSpa } from "./http/spa";
import type { AppDeps, Handlers } from "./http/types";
import { validatorCompiler } from "./http/validation";
import { registerPerformanceTestRunner } from "./features/adminPerformanceTests/runner";
import { registerHipaaMaintenance } from "./hipaa/registerHipaaMaintenance";
import { registerIndexingWorker } from "./retrieval/jobs/registerIndexingWorker";
import { registerMultipart } from "./uploads/registerMultipart";
import { closeSpeechSessions } from "./speech/speechSessions";
import { liveAnswers } from "./features/userConversations/liveAnswersInstance";
import { registerLiveAnswerSweeper } from "./features/userConversations/liveAnswerSweeper";
import { registerAnswerSignals } from "./features/userConversations/answerSignals";

export interface BuildAppOptions {
  /** Replaces the feature handlers (tests). Every contract operation still needs one. */
  handlers?: Handlers;
  /** The contract to serve; the bundled src/generated/openapi.json by default. */
  contract?: OpenApiDocument;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    // genReqId vets the client's X-Request-ID; Fastify's own header option would take any value verbatim.
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: "requestId" }),
    bodyLimit: deps.config.bodyLimitBytes,
    // Path parameters are bounded by the contract's own patterns, not by the router.
    routerOptions: { maxParamLength: 1024 },
  });
  // The contract's bodies are JSON; Fastify's built-in text/plain parser would let a string through to validation.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await registerSecurity(app, deps.config);
  await registerMultipart(app);
  registerIndexingWorker(app, deps);
  registerHipaaMaintenance(app, deps);
  registerLiveAnswerSweeper(app, deps);
  registerAnswerSignals(app, deps);
  registerPerformanceTestRunner(app, deps);
  registerHealth(app, deps);
  app.addHook("onClose", () => closeSpeechSessions(deps));
  // Before the server waits for its connections to end: answers still streaming would hold it open until
  // they and their titles were done (a process manager would kill it first). They end now, marked Failed.
  app.addHook("preClose", () => liveAnswers.endAll());
  registerContractRoutes(app, deps, options.handlers ?? featureHandlers, contractOperations(options.contract));
  await registerSpa(app, deps.config.staticDir);
  return app;
}
