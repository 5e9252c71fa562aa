import { describe, expect, it } from "vitest";
import { configurationChanges, draftToPublish } from "../../../../src/admin/resources/gptSystems/configStateDiff";
import { bodyOf, formValuesOf } from "../../../../src/admin/resources/gptSystems/configStateFormValues";
import type { AdminConfigState } from "../../../../src/admin/resources/gptSystems/gptSystemApi";
import { defaultModelSettings } from "../../utils/fixtures";

const state = (overrides: Partial<AdminConfigState>): AdminConfigState => ({
  configStateId: "c1",
  gptSystemId: "a1",
  version: 1,
  isPublished: false,
  systemPrompt: "Be helpful.",
  introduction: "Hi",
  ...defaultModelSettings,
  ...overrides,
});

describe("what publishing changes", () => {
  it("lists exactly the fields that differ from the published configuration", () => {
    const published = state({ configStateId: "p", isPublished: true, capabilityTypes: ["Vision", "FileSearch"] });
    const draft = state({
      configStateId: "d",
      version: 2,
      systemPrompt: "Be brief.",
      temperature: 0.3,
      capabilityTypes: ["FileSearch", "Vision"],
    });
    expect(configurationChanges(published, draft)).toEqual([
      { field: "systemPrompt", published: "Be helpful.", draft: "Be brief." },
      { field: "temperature", published: "", draft: "0.3" },
    ]);
  });

  it("lists every field with a value when nothing is published yet", () => {
    expect(configurationChanges(null, state({})).map((c) => c.field)).toEqual([
      "systemPrompt",
      "introduction",
      "languageEngine",
      "deploymentName",
      "restrictAnswerToInformationReturnedByTools",
    ]);
  });

  it("offers the configuration asked for, else the newest draft made after the published one", () => {
    const states = [
      state({ configStateId: "v1", version: 1, isPublished: true }),
      state({ configStateId: "v3", version: 3 }),
      state({ configStateId: "v2", version: 2 }),
    ];
    expect(draftToPublish(states, null)?.configStateId).toBe("v3");
    expect(draftToPublish(states, "v2")?.configStateId).toBe("v2");
    expect(draftToPublish(states, "missing")).toBeNull();
    expect(draftToPublish([states[0]!], null)).toBeNull();
    // After v3 is published, v2 is history: there is nothing to publish until a new draft is made.
    const afterPublishing = states.map((s) => ({ ...s, isPublished: s.configStateId === "v3" }));
    expect(draftToPublish(afterPublishing, null)).toBeNull();
    expect(draftToPublish([state({ configStateId: "first", isPublished: false })], null)?.configStateId).toBe("first");
  });
});

describe("the configuration form's values", () => {
  it("round-trip to the update body, empty numbers as null and the model split into engine and deployment", () => {
    const values = { ...formValuesOf(state({ temperature: 0.5 })), model: "conn-1|gpt-4o", maxTokens: "" };
    expect(bodyOf(values)).toMatchObject({
      languageEngine: "conn-1",
      deploymentName: "gpt-4o",
      temperature: 0.5,
      maxTokens: null,
    });
  });
});
