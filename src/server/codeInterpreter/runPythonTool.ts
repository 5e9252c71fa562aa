/** The run_python tool as models see it, and what they get back from a run. */
import type { ToolCall, ToolDefinition } from "../llm/types";
import { SANDBOX_DATA_DIR, type SandboxResult } from "./sandbox";

export const RUN_PYTHON = "run_python";

export function runPythonTool(inputFileNames: readonly string[]): ToolDefinition {
  const files = inputFileNames.length > 0 ? `The user's files are in ${SANDBOX_DATA_DIR}: ${inputFileNames.join(", ")}. ` : "";
  return {
    name: RUN_PYTHON,
    description:
      "Runs a Python 3 program in a sandbox and returns what it prints. Only the standard library is available " +
      "(no numpy, pandas or matplotlib; no network). " +
      files +
      `The working folder is ${SANDBOX_DATA_DIR}; files the program writes there are given to the user as downloads. ` +
      "Print the results you need.",
    parameters: {
      type: "object",
      properties: { code: { type: "string", description: "The complete Python program to run." } },
      required: ["code"],
      additionalProperties: false,
    },
  };
}

/** The program of a call, or the reason there is none (sent back to the model as the tool result). */
export function codeOf(call: ToolCall): { code: string } | { problem: string } {
  if (call.name !== RUN_PYTHON) return { problem: `There is no tool named ${call.name}; use ${RUN_PYTHON}.` };
  try {
    const args: unknown = JSON.parse(call.arguments || "{}");
    const code = (args as { code?: unknown }).code;
    if (typeof code === "string" && code.trim() !== "") return { code };
  } catch {
    // Falls through to the same answer as a missing argument.
  }
  return { problem: `${RUN_PYTHON} needs a JSON argument {"code": "<python program>"}.` };
}

/** What the model reads after a run: output, error and the files written. */
export function toolResultText(result: SandboxResult, fileNames: readonly string[]): string {
  const parts = [`Outcome: ${result.outcome}`];
  parts.push(result.output ? `Output:\n${result.output}` : "Output: (nothing printed)");
  if (result.error) parts.push(`Error:\n${result.error}`);
  if (fileNames.length > 0) parts.push(`Files written (the user can download them): ${fileNames.join(", ")}`);
  if (result.filesTruncated) parts.push("Some files were not kept: at most 20 files, 10 MB each, 20 MB in all.");
  return parts.join("\n\n");
}
