/** The edit form's values and their conversion to and from a configuration state. */
import type { PersonalConfigChanges, PersonalConfigState } from "./usePersonalAgentApi";

export interface AgentFormValues {
  gptSystemName: string;
  description: string;
  systemPrompt: string;
  introduction: string;
  /** `${languageEngine}|${deploymentName}`: one choice in the model select. */
  model: string;
  /** Text, so that the field may be empty (the model's default). */
  temperature: string;
}

export const modelKey = (languageEngine: string, deploymentName: string) => `${languageEngine}|${deploymentName}`;

export function formValuesOf(state: PersonalConfigState): AgentFormValues {
  return {
    gptSystemName: state.gptSystemName,
    description: state.description,
    systemPrompt: state.systemPrompt,
    introduction: state.introduction,
    model: modelKey(state.languageEngine, state.deploymentName),
    temperature: state.temperature === null ? "" : String(state.temperature),
  };
}

export function changesOf(values: AgentFormValues): PersonalConfigChanges {
  const separator = values.model.indexOf("|");
  const temperature = values.temperature.trim();
  return {
    gptSystemName: values.gptSystemName.trim(),
    description: values.description,
    systemPrompt: values.systemPrompt,
    introduction: values.introduction,
    languageEngine: values.model.slice(0, separator),
    deploymentName: values.model.slice(separator + 1),
    temperature: temperature === "" ? null : Number(temperature),
  };
}

/** Client-side checks before a round trip; the server checks the same and more. */
export function temperatureError(text: string): boolean {
  if (text.trim() === "") return false;
  const value = Number(text);
  return !Number.isFinite(value) || value < 0 || value > 2;
}
