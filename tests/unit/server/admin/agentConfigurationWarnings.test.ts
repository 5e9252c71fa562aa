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
