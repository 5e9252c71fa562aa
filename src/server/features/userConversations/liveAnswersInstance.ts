import { LiveAnswers } from "./liveAnswers";

/** The process's live answers (one registry per process: streams live in process memory). */
export const liveAnswers = new LiveAnswers();
