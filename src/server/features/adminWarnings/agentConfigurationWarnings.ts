/**
 * Warnings for an agent configuration that is valid but probably not what the
 * admin meant. Pure: the caller (the adminGptSystems save) reads the chosen
 * deployment and the attached data sources and answers these beside the record.
 */
import type { Warning } from "./warning";

export interface AgentConfigurationFacts {
  capabilityTypes: readonly string[];
  /** The chosen deployment; undefined when it could not be found (validation reports that). */
  deployment: { displayName: string; supportsVision: boolean; providerType?: string } | undefined;
  /** The sampling settings given (null or absent: the model's own). */
  sampling?: { temperature?: number | null; topP?: number | null; frequencyPenalty?: number | null };
  /** The attached data sources with their index status (Online, Processing, Error). */
  dataSources: readonly { name: string; status: string }[];
}

const SAMPLING_NAMES: Record<string, string> = {
  temperature: "temperature",
  topP: "top P",
  frequencyPenalty: "frequency penalty",
};

export function agentConfigurationWarnings(facts: AgentConfigurationFacts): Warning[] {
  const warnings: Warning[] = [];
  if (facts.capabilityTypes.includes("Vision") && facts.deployment && !facts.deployment.supportsVision)
    warnings.push({
      property: "capabilityTypes",
      message: `Vision is on, but the deployment ${facts.deployment.displayName} does not accept images.`,
    });
  // Anthropic's current models choose their own sampling: its Messages API takes none of these.
  const given = Object.entries(facts.sampling ?? {}).filter(([, value]) => value !== null && value !== undefined);
  if (facts.deployment?.providerType === "anthropic" && given.length > 0) {
    const names = given.map(([name]) => SAMPLING_NAMES[name]!);
    const listed = names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are`;
    warnings.push({
      property: given[0]![0],
      message: `The deployment ${facts.deployment.displayName} is an Anthropic model, which chooses its own sampling: ${listed} not sent.`,
    });
  }
  for (const source of facts.dataSources)
    if (source.status !== "Online")
      warnings.push({
        property: "dataSources",
        message: `The data source ${source.name} is ${source.status}, not Online: the agent cannot search all of its files yet.`,
      });
  return warnings;
}
