import "server-only";
/**
 * Prompt testing's starter data, seeded lazily and idempotently (create when
 * missing, never overwrite): version 1 of each of the product's prompts, a
 * demo suite for the video writer, and a first run of it — a real run, queued
 * for the prompt worker and executed with the Local preview model.
 *
 * Version 1 of video.writer and layout.generator is their text in code (both
 * read the current stored version when there is one). The link summariser has
 * no prompt in code yet, and chat's v1 here is ours.
 */
import type { Db } from "@/lib/platform/db/db";
import { isDbError } from "@/lib/platform/db/errors";
import { enqueueJob } from "@/lib/platform/jobs/queue";
import { LOCAL_LANGUAGE_MODEL_ID } from "@/lib/platform/ai/language/local-language-model";
import { WRITER_SYSTEM_PROMPT } from "@/lib/creation/video/writer";
import { LAYOUT_GENERATOR_SYSTEM_PROMPT } from "@/lib/studio/layout-gen/generator";
import { prompts, promptVersions, versionId } from "@/lib/platform/prompts/collections";
import { promptRuns, promptSuites } from "./collections";
import { PROMPT_TASKS, type PromptKey, type SuiteCase } from "./contract";
import { matrixCells } from "./accounting";

export const SEED_AUTHOR = "system";
export const PROMPT_RUN_JOB = "prompt.run";
export const DEMO_SUITE_ID = "demo-video-writer";
export const DEMO_RUN_ID = "demo-video-writer-run-1";

export const SEED_PROMPTS: Record<PromptKey, { description: string; text: string }> = {
  "video.writer": {
    description:
      "Turns a brief into a scene plan, looking templates and layouts up through tools (lib/creation/video/writer.ts).",
    text: WRITER_SYSTEM_PROMPT,
  },
  "layout.generator": {
    description:
      "Designs one layout (named slots with a box per aspect ratio) from a brief, for the generated-layouts queue (lib/studio/layout-gen/generator.ts).",
    text: LAYOUT_GENERATOR_SYSTEM_PROMPT,
  },
  "links.summariser": {
    description:
      "Summarises a fetched web page into a title, a short summary and its main facts, for videos made from a link.",
    text: [
      "You summarise a product or article page for a video writer.",
      "Answer with a title (the page's subject in a few words), a summary of two or three sentences, and up to five points, one fact each.",
      "Use only what the page says; never invent prices, numbers or claims. Write in {{language}}.",
    ].join(" "),
  },
  "chat.system": {
    description:
      "The staff chat's system prompt: how the assistant behaves and when it uses the tools over our own data.",
    text: [
      "You are Promptframe's staff assistant. Answer briefly and plainly, in markdown.",
      "You can look up users, content items and jobs, count documents, generate an image and draft a layout with your tools;",
      "use a tool when the question needs our data, and say what you looked up. Never show secrets or tokens. Today is {{today}}.",
    ].join(" "),
  },
};

export const DEMO_CASES: SuiteCase[] = [
  {
    id: "coffee-launch",
    description: "A product launch brief: the plan is valid and keeps to the brief's words.",
    vars: {
      brief:
        "Launch of our new cold brew coffee. Smooth and bold, brewed for 18 hours. Available in every store this summer.",
      length_s: "15",
      aspect_ratio: "9:16",
    },
    assertions: [
      { type: "schema" },
      { type: "contains", value: "cold brew", case_sensitive: false },
      { type: "not_contains", value: "lorem", case_sensitive: false },
      { type: "latency", max_ms: 10_000 },
      { type: "cost", max_usd: 0.01 },
    ],
  },
  {
    id: "no-invented-prices",
    description: "A brief with no price: the plan must not invent one.",
    vars: {
      brief: "Our yoga studio opens a second room downtown. Small classes, calm music and teachers who know your name.",
      length_s: "15",
      aspect_ratio: "1:1",
    },
    assertions: [
      { type: "schema" },
      { type: "not_contains", value: "$", case_sensitive: false },
      { type: "regex", pattern: '"narration":"[^"]*(yoga|studio|class)', flags: "i" },
      { type: "length", min: 100, max: 6000 },
    ],
  },
  {
    id: "stat-scene",
    description: "A brief with a number: the plan mentions it, and reads well (graded by a keyed model).",
    vars: {
      brief: "Our app helps 40,000 teams plan their week. Plans in minutes, not hours. Try it free.",
      length_s: "20",
      aspect_ratio: "16:9",
    },
    assertions: [
      { type: "schema" },
      { type: "contains", value: "40,000", case_sensitive: true },
      {
        type: "rubric",
        rubric:
          "The plan opens with a clear headline, mentions the 40,000 teams, and closes with an invitation to try the app.",
      },
    ],
  },
  {
    id: "writer-rules",
    description:
      "The writer's rules (issue 20): no request words on screen, whole phrases, no repeated headline, the facts exact, a clean title.",
    vars: {
      brief: "A 20-second upbeat ad for a reusable steel water bottle that keeps drinks cold for 24 hours",
      length_s: "20",
      aspect_ratio: "9:16",
    },
    assertions: [
      { type: "schema" },
      // No request words on screen, in the narration or the title.
      { type: "not_contains", value: "20-second", case_sensitive: false },
      { type: "not_contains", value: "upbeat ad for", case_sensitive: false },
      // The fact kept whole, with its unit.
      { type: "contains", value: "24 hours", case_sensitive: true },
      // No on-screen text ends on a function word, or on the number without its unit.
      {
        type: "regex",
        pattern: '^(?![\\s\\S]*"text":"[^"]*\\s(?:a|an|the|and|or|for|to|of|with|in|on|at|by|that)")',
        flags: "i",
      },
      { type: "regex", pattern: '^(?![\\s\\S]*"text":"[^"]*\\b24")', flags: "" },
      // No headline used twice.
      {
        type: "regex",
        pattern: '^(?![\\s\\S]*"slot":"headline","text":("[^"]+")[\\s\\S]*"slot":"headline","text":\\1)',
        flags: "i",
      },
      // A clean title: the product, not the brief's first words.
      { type: "regex", pattern: '"title":"[^"]*bottle', flags: "i" },
    ],
  },
];

async function createIfMissing(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isDbError(e, "already-exists")) return false;
    throw e;
  }
}

/** Creates what is missing of the starter data; the demo run is queued once, for the worker to run for real. */
export async function ensurePromptDemo(db: Db, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  for (const [key, seed] of Object.entries(SEED_PROMPTS) as [PromptKey, (typeof SEED_PROMPTS)[PromptKey]][]) {
    if (await db.collection(prompts).doc(key).get()) continue;
    // Version first: a prompt never points at a version that is not there.
    await createIfMissing(() =>
      db.collection(promptVersions).doc(versionId(key, 1)).create({
        prompt_id: key,
        version: 1,
        text: seed.text,
        notes: "Version 1, seeded from the product's code.",
        created_by: SEED_AUTHOR,
        created_at: at,
      }),
    );
    await createIfMissing(() =>
      db.collection(prompts).doc(key).create({
        name: PROMPT_TASKS[key].label,
        description: seed.description,
        current_version: 1,
        version_count: 1,
        demo: true,
        created_at: at,
        updated_at: at,
      }),
    );
  }
  const suite = {
    name: "Video writer basics",
    description:
      "Briefs the writer should handle: its rules (no request words, whole phrases, facts exact), valid plans, no invented prices.",
    prompt_id: "video.writer",
    cases: DEMO_CASES,
    revision: 0,
    demo: true,
    created_by: SEED_AUTHOR,
    created_at: at,
    updated_at: at,
  };
  await createIfMissing(() => db.collection(promptSuites).doc(DEMO_SUITE_ID).create(suite));
  if (await db.collection(promptRuns).doc(DEMO_RUN_ID).get()) return;
  const version = await db.collection(promptVersions).doc(versionId("video.writer", 1)).get();
  if (!version) return;
  const created = await createIfMissing(() =>
    db
      .collection(promptRuns)
      .doc(DEMO_RUN_ID)
      .create({
        suite_id: DEMO_SUITE_ID,
        suite_name: suite.name,
        prompt_id: "video.writer",
        versions: [1],
        models: [LOCAL_LANGUAGE_MODEL_ID],
        cases: DEMO_CASES,
        texts: { "1": version.data.text },
        state: "queued",
        error: null,
        total: matrixCells({ caseIds: DEMO_CASES.map((c) => c.id), versions: [1], models: [LOCAL_LANGUAGE_MODEL_ID] })
          .length,
        cells: [],
        job_id: null,
        demo: true,
        created_by: SEED_AUTHOR,
        created_at: at,
        updated_at: at,
        finished_at: null,
      }),
  );
  if (created) {
    const jobId = await enqueueJob(
      db,
      { type: PROMPT_RUN_JOB, owner_id: SEED_AUTHOR, content_id: null, input: { run_id: DEMO_RUN_ID } },
      now,
    );
    await db.collection(promptRuns).doc(DEMO_RUN_ID).update({ job_id: jobId });
  }
}
