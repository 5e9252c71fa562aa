import type { components } from "../../../src/generated/api";

type Schemas = components["schemas"];

export const instanceSettings: Schemas["InstanceSettings"] = {
  name: "Test Chat",
  organizationName: "Test Org",
  entraIdSettings: { clientId: "", tenantId: "", instance: "https://login.microsoftonline.com/" },
  defaultBrandKey: "default",
  releaseNotesUrl: "https://example.com/release-notes",
};

export const brand: Schemas["Brand"] = {
  brandKey: "default",
  name: "Default",
  defaultBrandKey: "default",
  logoFileName: "logo.svg",
  navigationLogoFileName: "logo.svg",
  avatarFileName: "avatar.svg",
  splashScreenBackgroundFileName: null,
  useLoginBackgroundImg: false,
  loginBackground: { main: "#0d1117" },
  loginAlignment: "Center",
  theme: {
    primary: "#1f6feb",
    secondary: "#8250df",
    menu: "#0d1117",
    menuTextPrimary: "#e6edf3",
    menuTextSecondary: "#8b949e",
  },
};

export const userDetails: Schemas["UserDetails"] = {
  userId: "00000000-0000-4000-8000-000000000001",
  userName: "ada",
  displayName: "Ada Lovelace",
  email: "ada@example.com",
  identityProvider: "local",
  personalAgentSettings: { isBannedFromCreatingAgents: false, isBannedFromSharingAgents: false },
};

export const adminActions: Schemas["Action"][] = [
  "AnalyticsRead",
  "GptSystemsRead",
  "BrandsRead",
  "InstanceSettingsRead",
];

export const buildInfo: Schemas["BuildInfo"] = {
  version: "2.2512.3822",
  buildId: "build-42",
  commitHash: "0123456789abcdef",
  timestamp: "2025-12-01T10:30:00Z",
};

/** An agent as the chat lists it (GptSystemSummary). */
export const assistantAgent: Schemas["GptSystemSummary"] = {
  gptSystemId: "00000000-0000-4000-8000-0000000000a1",
  name: "Assistant",
  description: "A helpful general assistant.",
  gptSystemType: "System",
  moderationStatus: null,
  isPublic: false,
  ownership: { ownerIsCurrentUser: false },
  isPinned: false,
  lastUsedAt: null,
};

/** The model settings of a configuration state left at their defaults (built-in engine, nothing attached). */
export const defaultModelSettings = {
  temperature: null,
  topP: null,
  frequencyPenalty: null,
  maxTokens: null,
  languageEngine: "local" as const,
  deploymentName: "local",
  capabilityTypes: [] as never[],
  restrictAnswerToInformationReturnedByTools: false,
  dataSources: [] as never[],
};
