/**
 * Every connected speech session of one server, one per user: connect replaces
 * the user's previous session, a cap bounds how many exist at once, and closing
 * the server closes them all. The synthesiser's process is shared and started on
 * first use.
 */
import type { FastifyBaseLogger } from "fastify";
import { speechSettingsFrom, type SpeechSettings } from "../config";
import type { AppDeps } from "../http/types";
import { answerOffer } from "./peerConnection";
import { SpeechSession, type AnswerSpeech } from "./speechSession";
import { Synthesizer } from "./synthesizer";

export class SpeechCapacityError extends Error {}

export class SpeechSessions {
  private readonly sessions = new Map<string, SpeechSession>();
  /** Connects still gathering count against the cap. */
  private pending = 0;
  private synthesizer: Synthesizer | undefined;
  private closing = false;

  constructor(
    readonly settings: SpeechSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Answers the browser's offer; the caller's previous session, if any, is closed first. */
  async connect(userId: string, offerSdp: string): Promise<string> {
    if (this.closing) throw new SpeechCapacityError("the server is shutting down");
    await this.disconnect(userId);
    if (this.sessions.size + this.pending >= this.settings.maxSessions)
      throw new SpeechCapacityError("every speech session is in use");
    this.pending += 1;
    try {
      const { pc, track, sdp } = await answerOffer(offerSdp, this.settings);
      // Two connects of the same user racing: the later one wins.
      await this.disconnect(userId);
      const session = new SpeechSession(pc, track, this.synth(), this.settings.idleTimeoutSeconds * 1000, (closed) => {
        if (this.sessions.get(userId) === closed) this.sessions.delete(userId);
        this.log.debug({ userId, speechSessions: this.sessions.size }, "speech session closed");
      });
      this.sessions.set(userId, session);
      if (this.closing) await session.close();
      return sdp;
    } finally {
      this.pending -= 1;
    }
  }

  async disconnect(userId: string): Promise<void> {
    await this.sessions.get(userId)?.close();
  }

  stopSpeaking(userId: string): void {
    this.sessions.get(userId)?.stop();
  }

  /** The speech of an answer the user is about to stream, when they have a session. */
  answerSpeech(userId: string): AnswerSpeech | undefined {
    return this.sessions.size === 0 ? undefined : this.sessions.get(userId)?.speakAnswer();
  }

  get size(): number {
    return this.sessions.size;
  }

  async closeAll(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.sessions.values()].map((session) => session.close()));
    await this.synthesizer?.close();
  }

  private synth(): Synthesizer {
    this.synthesizer ??= new Synthesizer({ voice: this.settings.voice, wordsPerMinute: this.settings.wordsPerMinute });
    return this.synthesizer;
  }
}

const registries = new WeakMap<AppDeps, SpeechSessions>();

/** The speech sessions of the server these dependencies belong to. */
export function speechSessionsFor(deps: AppDeps): SpeechSessions {
  let registry = registries.get(deps);
  if (!registry) {
    registry = new SpeechSessions(deps.config.speech ?? speechSettingsFrom({}), deps.log);
    registries.set(deps, registry);
  }
  return registry;
}

/** Closes the server's sessions and the synthesiser process, if any were ever made. */
export async function closeSpeechSessions(deps: AppDeps): Promise<void> {
  await registries.get(deps)?.closeAll();
  registries.delete(deps);
}
