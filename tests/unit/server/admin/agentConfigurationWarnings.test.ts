/** The pure agent configuration warnings the adminGptSystems save answers beside the configuration. */
import { describe, expect, it } from "vitest";
import { agentConfigurationWarnings } from "../../../../src/server/features/adminWarnings/agentConfigurationWarnings";

describe("agentConfigurationWarnings", () => {
  it("warns when Vision is on but the deployment does not accept images", () => {
    expect(
      agentConfigurationWarnings({
        capabilityTypes: ["Vision", "FileSearch"],
        deployment: { displayName: "Text only", supportsVision: false },
        dataSources: [],
      }),
    ).toEqual([
      { property: "capabilityTypes", message: "Vision is on, but the deployment Text only does not accept images." },
    ]);
  });

  it("warns that an Anthropic model is sent none of the sampling settings given", () => {
    const anthropic = { displayName: "Claude", supportsVision: true, providerType: "anthropic" };
    expect(
      agentConfigurationWarnings({
        capabilityTypes: [],
        deployment: anthropic,
        sampling: { temperature: 0, topP: null, frequencyPenalty: 0.5 },
        dataSources: [],
      }),
    ).toEqual([
      {
        property: "temperature",
        message:
          "The deployment Claude is an Anthropic model, which chooses its own sampling: temperature and frequency penalty are not sent.",
      },
    ]);
    // None given, or another provider: nothing to say.
    const quiet = { temperature: null, topP: null, frequencyPenalty: null };
    expect(
      agentConfigurationWarnings({ capabilityTypes: [], deployment: anthropic, sampling: quiet, dataSources: [] }),
    ).toEqual([]);
    const openai = { ...anthropic, providerType: "openai" };
    expect(
      agentConfigurationWarnings({ capabilityTypes: [], deployment: openai, sampling: { topP: 0.9 }, dataSources: [] }),
    ).toEqual([]);
  });

  it("warns about each attached data source that is not Online", () => {
    expect(
      agentConfigurationWarnings({
        capabilityTypes: ["Vision"],
        deployment: { displayName: "Seeing", supportsVision: true },
        dataSources: [
          { name: "Policies", status: "Online" },
          { name: "Handbook", status: "Processing" },
          { name: "Scans", status: "Error" },
        ],
      }),
    ).toEqual([
      {
        property: "dataSources",
        message: "The data source Handbook is Processing, not Online: the agent cannot search all of its files yet.",
      },
      {
        property: "dataSources",
        message: "The data source Scans is Error, not Online: the agent cannot search all of its files yet.",
      },
    ]);
  });

  it("has nothing to say about a sound configuration or an unknown deployment", () => {
    expect(
      agentConfigurationWarnings({
        capabilityTypes: [],
        deployment: { displayName: "x", supportsVision: false },
        dataSources: [],
      }),
    ).toEqual([]);
    expect(agentConfigurationWarnings({ capabilityTypes: ["Vision"], deployment: undefined, dataSources: [] })).toEqual(
      [],
    );
  });
});
