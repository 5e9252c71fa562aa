/**
 * A deterministic corpus for the file-search benchmark: multi-page PDFs of
 * plausible prose (a Zipf-like mix of common words and a long tail of rarer
 * ones), each page carrying a few unique facts about named projects, and the
 * varied questions asked of them.
 */
import { makePdf } from "../../../tests/helpers/fileFixtures";

/** mulberry32: small, fast and reproducible. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = (
  "the of and to in is for that with on as by it be are this from at or an was have which will not all " +
  "report team project budget quarter review process policy customer service support system data staff " +
  "office meeting plan risk cost time year month week market sales product release update change request " +
  "approval manager department training safety security network account invoice payment contract supplier"
).split(" ");

const SYLLABLES = "ka lo mi ne ru sa te vi do pa ze gu ri fo la me ti no su ba".split(" ");
const FIRST = "Kestrel Marlow Orion Juniper Halcyon Tamsin Beacon Cobalt Ember Falcon Granite Harbor".split(" ");
const SECOND = "Harbour Ridge Valley Works Station Bridge Point Forge Gate Field Crossing Lantern".split(" ");

export interface Fact {
  project: string;
  attribute: string;
  value: string;
}

const ATTRIBUTES = ["budget code", "launch window", "site manager", "escalation contact", "vendor number"];

function rareWord(rnd: () => number): string {
  const n = 2 + Math.floor(rnd() * 3);
  let w = "";
  for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
  return w;
}

function sentence(rnd: () => number): string {
  const length = 8 + Math.floor(rnd() * 14);
  const words: string[] = [];
  for (let i = 0; i < length; i++) {
    // Zipf-ish: mostly common words, a tail of generated rare ones.
    const r = rnd();
    words.push(r < 0.8 ? COMMON[Math.floor(r * r * COMMON.length * 1.25) % COMMON.length]! : rareWord(rnd));
  }
  const text = words.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Pages of about `pageChars` characters in lines of at most ~90 characters; one fact per page. */
export function makeDocument(
  seed: number,
  pages: number,
  pageChars: number,
): { pdf: Buffer; facts: Fact[]; text: string[][] } {
  const rnd = random(seed);
  const facts: Fact[] = [];
  const text: string[][] = [];
  for (let p = 0; p < pages; p++) {
    let body = "";
    const fact: Fact = {
      project: `${FIRST[Math.floor(rnd() * FIRST.length)]} ${SECOND[Math.floor(rnd() * SECOND.length)]} ${seed * 1000 + p}`,
      attribute: ATTRIBUTES[Math.floor(rnd() * ATTRIBUTES.length)]!,
      value: `${rareWord(rnd)}-${Math.floor(rnd() * 9000 + 1000)}`,
    };
    facts.push(fact);
    const factAt = Math.floor(rnd() * (pageChars / 2));
    while (body.length < pageChars) {
      if (body.length >= factAt && !body.includes(fact.value))
        body += ` The ${fact.attribute} of project ${fact.project} is ${fact.value}.`;
      body += ` ${sentence(rnd)}`;
    }
    const lines: string[] = [];
    let line = "";
    for (const word of body.trim().split(" ")) {
      if (line.length + word.length + 1 > 90) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    text.push(lines);
  }
  return { pdf: makePdf(text), facts, text };
}

/** ≥ 100 varied questions: exact facts, common-word questions, long ones, and ones that match nothing. */
export function makeQuestions(facts: readonly Fact[], count: number, seed = 7): string[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const questions: string[] = [];
  for (let i = 0; questions.length < count; i++) {
    const fact = pick(facts);
    switch (i % 5) {
      case 0:
        questions.push(`What is the ${fact.attribute} of project ${fact.project}?`);
        break;
      case 1:
        questions.push(`Which project has ${fact.attribute} ${fact.value}?`);
        break;
      case 2:
        questions.push(
          `${pick(COMMON.slice(20))} ${pick(COMMON.slice(20))} ${pick(COMMON.slice(20))} for this quarter`,
        );
        break;
      case 3:
        questions.push(
          `Could you please summarise everything the documents say about the ${pick(COMMON.slice(20))} ` +
            `${pick(COMMON.slice(20))} and how it relates to the ${fact.attribute} and the ${pick(COMMON.slice(20))} review?`,
        );
        break;
      default:
        questions.push(i % 10 === 4 ? "Summarise this" : `Tell me about ${rareWord(rnd)} and ${rareWord(rnd)}`);
    }
  }
  return questions;
}
