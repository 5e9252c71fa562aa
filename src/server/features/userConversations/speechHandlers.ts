/** connectTextToSpeechVideo, disconnectTextToSpeechVideo, stopSpeaking (spec §7): the built-in speech engine (src/server/speech). */
import type { components } from "../../../generated/api";
import { HttpProblem, problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { InvalidOfferError } from "../../speech/peerConnection";
import { SpeechCapacityError, speechSessionsFor } from "../../speech/speechSessions";

/** A full server is asked again after this many seconds. */
const RETRY_AFTER_SECONDS = 30;

export const speechHandlers: Handlers = {
  async connectTextToSpeechVideo(request, _reply, ctx) {
    const { localSdp } = request.body as components["schemas"]["ConnectTextToSpeechVideoRequest"];
    try {
      const remoteSdp = await speechSessionsFor(ctx.deps).connect(requireUser(ctx).userId, localSdp);
      return { remoteSdp };
    } catch (error) {
      if (error instanceof InvalidOfferError)
        throw problem(400, "Bad Request", "The request is not valid.", { localSdp: [error.message] });
      if (error instanceof SpeechCapacityError)
        throw new HttpProblem(
          503,
          "Service Unavailable",
          "Every speech session is in use. Try again later.",
          undefined,
          {
            "retry-after": String(RETRY_AFTER_SECONDS),
          },
        );
      throw error;
    }
  },

  async disconnectTextToSpeechVideo(_request, _reply, ctx) {
    await speechSessionsFor(ctx.deps).disconnect(requireUser(ctx).userId);
    return undefined;
  },

  async stopSpeaking(_request, _reply, ctx) {
    speechSessionsFor(ctx.deps).stopSpeaking(requireUser(ctx).userId);
    return undefined;
  },
};
