/**
 * The product's prompts as versioned data (id = the prompt key, such as
 * `video.writer`), with their immutable versions. Production code reads the
 * current version (store.ts); the staff prompt-testing screen (lib/operations/prompt-testing)
 * makes new versions and tests them.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";

/** A prompt key: dotted lower-case words. */
export const PROMPT_KEY = /^[a-z][a-z0-9_-]{0,30}(\.[a-z][a-z0-9_-]{0,30}){0,2}$/;

const PROMPT_ID = { pattern: PROMPT_KEY, auto: false, description: "a prompt key such as video.writer" };

export const prompts = defineCollection({
  name: "prompts",
  schema: z.object({
    name: z.string().min(1).max(120),
    description: z.string().max(1000),
    /** The version the product uses; versions themselves never change. */
    current_version: z.number().int().min(1),
    version_count: z.number().int().min(1),
    demo: z.boolean().default(false),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  id: PROMPT_ID,
  timestamps: ["created_at", "updated_at"],
});

export const versionId = (promptId: string, version: number) => `${promptId}@v${version}`;

export const promptVersions = defineCollection({
  name: "prompt_versions",
  schema: z.object({
    prompt_id: z.string().regex(PROMPT_KEY),
    version: z.number().int().min(1),
    text: z.string().min(1).max(20_000),
    notes: z.string().max(500),
    /** A uid, or "system" for the seeded version 1. */
    created_by: z.string().min(1).max(128),
    created_at: isoTimestamp(),
  }),
  id: { pattern: /^[a-z0-9_.-]{1,96}@v\d{1,6}$/, auto: false, description: "`${prompt}@v${n}`" },
  timestamps: ["created_at"],
  indexes: [["prompt_id", "version desc"]],
});

export type PromptDoc = DocOf<typeof prompts>;
export type PromptVersionDoc = DocOf<typeof promptVersions>;

export const promptStoreCollections: readonly AnyCollectionDef[] = [prompts, promptVersions];
