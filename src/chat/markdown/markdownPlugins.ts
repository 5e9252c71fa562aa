/**
 * The chat's markdown pipeline (spec §9 "Chat markdown"): GitHub-flavoured
 * markdown and maths. The order matters for security: rehype-sanitize runs on
 * the tree built from the user's or the model's text, and rehype-katex adds its
 * (trusted) markup only afterwards, so sanitizing never strips KaTeX output and
 * nothing from the text ever reaches the page unsanitized.
 */
import rehypeKatex from "rehype-katex";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import type { Options } from "react-markdown";

/** The default (GitHub) schema, plus the classes remark-math gives the maths for rehype-katex to find. */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [["className", /^language-./, "math-inline", "math-display"]],
  },
};

export const remarkPlugins: Options["remarkPlugins"] = [remarkGfm, remarkMath];

export const rehypePlugins: Options["rehypePlugins"] = [
  [rehypeSanitize, sanitizeSchema],
  // KaTeX's own defaults keep \href and friends off (trust: false); a bad formula shows as red text, not an error.
  [rehypeKatex, { throwOnError: false, strict: "ignore" }],
];
