/** The configuration form's values as text fields hold them, and the body they save as. */
import type { AdminConfigState, AvailableDeployment } from "./gptSystemApi";

export type Capability = NonNullable<AdminConfigState["capabilityTypes"]>[number];
export const CAPABILITIES: readonly Capability[] = ["FileSearch", "CodeInterpreter", "Vision"];

export interface ConfigStateFormValues {
  systemPrompt: string;
  introduction: string;
  /** `${languageEngine}|${deploymentName}` */
  model: string;
  temperature: string;
  topP: string;
  frequencyPenalty: string;
  maxTokens: string;
  capabilityTypes: Capability[];
  restrictAnswerToInformationReturnedByTools: boolean;
  dataSources: string[];
}

export const modelKey = (d: Pick<AvailableDeployment, "languageEngine" | "deploymentName">) =>
  `${d.languageEngine}|${d.deploymentName}`;

const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

export function formValuesOf(state: AdminConfigState): ConfigStateFormValues {
  return {
    systemPrompt: state.systemPrompt ?? "",
    introduction: state.introduction ?? "",
    model: modelKey({
      languageEngine: state.languageEngine ?? "local",
      deploymentName: state.deploymentName ?? "local",
    }),
    temperature: text(state.temperature),
    topP: text(state.topP),
    frequencyPenalty: text(state.frequencyPenalty),
    maxTokens: text(state.maxTokens),
    capabilityTypes: [...(state.capabilityTypes ?? [])],
    restrictAnswerToInformationReturnedByTools: state.restrictAnswerToInformationReturnedByTools ?? false,
    dataSources: [...(state.dataSources ?? [])],
  };
}

/** Empty number fields send null (the model's default); the server validates the ranges. */
const number = (value: string) => (value.trim() === "" ? null : Number(value));

export function bodyOf(values: ConfigStateFormValues): Partial<AdminConfigState> {
  const separator = values.model.indexOf("|");
  return {
    systemPrompt: values.systemPrompt,
    introduction: values.introduction,
    languageEngine: values.model.slice(0, separator),
    deploymentName: values.model.slice(separator + 1),
    temperature: number(values.temperature),
    topP: number(values.topP),
    frequencyPenalty: number(values.frequencyPenalty),
    maxTokens: number(values.maxTokens),
    capabilityTypes: values.capabilityTypes,
    restrictAnswerToInformationReturnedByTools: values.restrictAnswerToInformationReturnedByTools,
    dataSources: values.dataSources,
  };
}
