/**
 * Warnings for an agent configuration that is valid but probably not what the
 * admin meant. Pure: the caller (the adminGptSystems save) reads the chosen
 * deployment and the attached data sources and answers these beside the record.
 */
import type { Warning } from "./warning";

export interface AgentConfigurationFacts {
  capabilityTypes: readonly string[];
  /** The chosen deployment; undefined when it could not be found (validation reports that). */
  deployment: { displayName: string; supportsVision: boolean } | undefined;
  /** The attached data sources with their index status (Online, Processing, Error). */
  dataSources: readonly { name: string; status: string }[];
}

export function agentConfigurationWarnings(facts: AgentConfigurationFacts): Warning[] {
  const warnings: Warning[] = [];
  if (facts.capabilityTypes.includes("Vision") && facts.deployment && !facts.deployment.supportsVision)
    warnings.push({
      property: "capabilityTypes",
      message: `Vision is on, but the deployment ${facts.deployment.displayName} does not accept images.`,
    });
  for (const source of facts.dataSources)
    if (source.status !== "Online")
      warnings.push({
        property: "dataSources",
        message: `The data source ${source.name} is ${source.status}, not Online: the agent cannot search all of its files yet.`,
      });
  return warnings;
}
