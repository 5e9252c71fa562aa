/** The run_python tool's arguments, its result text for the model, and the interpreter markdown. */
import { describe, expect, it } from "vitest";
import { codeBlock, outputChunk, outputEnd, responseOf } from "../../../../src/server/codeInterpreter/interpreterMarkdown";
import { uniqueNames } from "../../../../src/server/codeInterpreter/inputFiles";
import { codeOf, runPythonTool, toolResultText } from "../../../../src/server/codeInterpreter/runPythonTool";

describe("run_python", () => {
  it("names the mounted files in its description", () => {
    expect(runPythonTool(["sales.csv"]).description).toContain("The user's files are in /mnt/data: sales.csv.");
    expect(runPythonTool([]).description).not.toContain("The user's files");
  });

  it("takes the code from the JSON arguments and explains anything else", () => {
    expect(codeOf({ id: "1", name: "run_python", arguments: '{"code":"print(1)"}' })).toEqual({ code: "print(1)" });
    expect(codeOf({ id: "1", name: "run_python", arguments: '{"code":' })).toEqual({
      problem: 'run_python needs a JSON argument {"code": "<python program>"}.',
    });
    expect(codeOf({ id: "1", name: "run_python", arguments: '{"code":"  "}' })).toHaveProperty("problem");
    expect(codeOf({ id: "1", name: "shell", arguments: "{}" })).toEqual({ problem: "There is no tool named shell; use run_python." });
  });

  it("tells the model the outcome, output, error and files", () => {
    const result = { outcome: "error" as const, output: "a\n", error: "ZeroDivisionError", files: [], filesTruncated: true, durationMs: 3 };
    expect(toolResultText(result, ["out.csv"])).toBe(
      "Outcome: error\n\nOutput:\na\n\n\nError:\nZeroDivisionError\n\nFiles written (the user can download them): out.csv\n\n" +
        "Some files were not kept: at most 20 files, 10 MB each, 20 MB in all.",
    );
  });
});

describe("the interpreter markdown", () => {
  it("fences code longer than any backtick run inside it", () => {
    expect(codeBlock("s = '```'\n")).toBe("````python\ns = '```'\n````\n\n");
  });

  it("keeps printed tildes from closing the output fence", () => {
    expect(outputChunk("~~~~ end")).toBe("~\u200b~\u200b~\u200b~ end");
    expect(outputEnd("no newline", "Boom\n")).toBe("\nBoom\n~~~~\n\n");
  });

  it("rebuilds the streamed text from stored runs", () => {
    expect(responseOf([{ code: "print(1)", output: "1\n", error: null }])).toBe("```python\nprint(1)\n```\n\n~~~~text\n1\n~~~~\n\n");
  });

  it("gives files of the same name distinct names", () => {
    expect(uniqueNames(["data.csv", "data.csv", "../x/data.csv", "out"])).toEqual(["data.csv", "data (2).csv", "_x_data.csv", "out"]);
  });
});
