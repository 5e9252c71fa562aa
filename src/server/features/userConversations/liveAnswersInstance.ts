import { AnswerSlots } from "./answerSlots";
import { LiveAnswers } from "./liveAnswers";

/** The process's live answers (one registry per process: streams live in process memory). */
export const liveAnswers = new LiveAnswers();

/** The process's answer slots per asker (MAX_ANSWERS_PER_USER). */
export const answerSlots = new AnswerSlots();
