/**
 * Candidates for a scene's picture, browser-safe:
 *
 *   GET /api/v1/videos/{id}/scenes/{sceneId}/candidates?q=  -> SceneCandidatesView
 *
 * Without `q` the search uses the scene's own visual query ("more like this").
 * Picking a stock candidate: POST …/scenes/{sceneId}/image { source: "stock", provider, id, kind, revision }.
 */
import { z } from "zod";
import { stockCandidateSchema } from "@/lib/media/stock/contract";

export const sceneCandidatesQuerySchema = z.object({
  q: z.string().max(100, "Search with at most 100 characters.").optional(),
});

export const sceneCandidatesViewSchema = z
  .object({
    /** The words searched with: `q`, or the scene's visual query. */
    query: z.string(),
    /** The scene's own query, for "more like this". */
    scene_query: z.string(),
    /** Whether a stock provider is configured (else only my media and "generate"). */
    stock_enabled: z.boolean(),
    /** My matching assets and images first, then stock, best first; nothing already used in another scene. */
    candidates: z.array(stockCandidateSchema.extend({ in_use: z.boolean() })),
    /** Providers that did not answer, in words. */
    problems: z.array(z.string()),
    /** "Generate": the prompt the scene's picture would be generated from. */
    generate_prompt: z.string(),
  })
  .meta({ id: "SceneCandidates" });
export type SceneCandidatesView = z.infer<typeof sceneCandidatesViewSchema>;
export type SceneCandidate = SceneCandidatesView["candidates"][number];
