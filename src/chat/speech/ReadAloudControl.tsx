import RecordVoiceOverOutlinedIcon from "@mui/icons-material/RecordVoiceOverOutlined";
import VoiceOverOffOutlinedIcon from "@mui/icons-material/VoiceOverOffOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "../../app/i18n/speechStrings";
import { showToast } from "../../app/toast/toastStore";
import { connectSpeech, stopSpeaking, type SpeechConnection } from "./speechConnection";

type State = "off" | "connecting" | "on";

interface Held {
  /** Bumped on every toggle and on unmount, so that a connect finishing late is closed, not kept. */
  attempt: number;
  /** Gives up a connect still waiting (for ICE gathering, or for a free session). */
  pending: AbortController | null;
  connection: SpeechConnection | null;
}

function release(held: Held): void {
  held.attempt += 1;
  held.pending?.abort();
  held.pending = null;
  held.connection?.close();
  held.connection = null;
}

/**
 * "Read answers aloud" in the input bar: while on, the server speaks every answer
 * this user streams over a WebRTC audio connection; "Stop speaking" silences the
 * answer being read. Turning it off, or leaving the page, disconnects. A lazy
 * chunk: the chat's first load does not carry it. Hidden where WebRTC is missing.
 */
export function ReadAloudControl() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>("off");
  const audioRef = useRef<HTMLAudioElement>(null);
  const heldRef = useRef<Held>({ attempt: 0, pending: null, connection: null });

  useEffect(() => {
    const held = heldRef.current;
    return () => release(held);
  }, []);

  if (typeof RTCPeerConnection === "undefined") return null;

  const turnOn = async () => {
    const held = heldRef.current;
    const mine = ++held.attempt;
    const controller = new AbortController();
    held.pending = controller;
    setState("connecting");
    try {
      const connected = await connectSpeech(audioRef.current!, controller.signal);
      if (mine !== held.attempt) {
        connected.close();
        return;
      }
      held.pending = null;
      held.connection = connected;
      setState("on");
    } catch {
      if (mine !== held.attempt) return;
      setState("off");
      showToast(t("speech.connectFailed"), "error");
    }
  };

  const turnOff = () => {
    release(heldRef.current);
    setState("off");
  };

  const label = state === "off" ? t("speech.readAloud") : t("speech.readAloudOff");
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={t("speech.readAloud")}
          aria-pressed={state !== "off"}
          onClick={() => (state === "off" ? void turnOn() : turnOff())}
          sx={{ color: state === "off" ? "text.secondary" : "primary.main" }}
        >
          <RecordVoiceOverOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {state === "on" && (
        <Tooltip title={t("speech.stopSpeaking")}>
          <IconButton
            aria-label={t("speech.stopSpeaking")}
            onClick={() => void stopSpeaking().catch(() => showToast(t("speech.stopFailed"), "error"))}
            sx={{ color: "text.secondary" }}
          >
            <VoiceOverOffOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <audio ref={audioRef} autoPlay hidden data-testid="speech-audio" />
    </>
  );
}
