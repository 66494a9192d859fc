import "server-only";
/**
 * Candidates for one scene's picture: my matching assets and images, then
 * stock (when a provider is configured), ranked by the scene's words (or the
 * person's search) and the ratio's orientation, without media another scene
 * of the video already uses. Owner only; a bad query is a 422.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { listOwnMedia, ownCandidate } from "@/lib/media/stock/own-media";
import { candidateKey, rankCandidates } from "@/lib/media/stock/rank";
import { searchStock, stockConfigured } from "@/lib/media/stock/search";
import { readOwnedComposition, type VideoDeps } from "./service/shared";
import { productNamesByAsset, sceneQuery, usedMediaKeys } from "./scene-media";
import { sceneCandidatesQuerySchema, type SceneCandidatesView } from "./candidates-contract";

const OWN_MAX = 6;
const STOCK_MAX = 12;

export async function sceneCandidates(
  deps: Pick<VideoDeps, "db" | "store">,
  a: { uid: string; id: string; sceneId: string; query: unknown },
): Promise<SceneCandidatesView> {
  const q = sceneCandidatesQuerySchema.safeParse(a.query);
  if (!q.success) throw ApiError.fromZod(q.error, "The search is not valid.");
  const { body } = await readOwnedComposition(deps.db, a.uid, a.id);
  const scene = body.scenes.find((s) => s.id === a.sceneId);
  if (!scene) throw new ApiError("not_found", "This video has no such scene.");
  const version = await getTemplateVersion(deps.db, body.template.id, body.template.version);
  const slot = version?.layouts.find((l) => l.id === scene.layout_id)?.slots.find((s) => s.kind === "image");
  if (!slot)
    throw new ApiError(
      "unprocessable_entity",
      "This scene's layout has no picture. Pick a layout with a picture first.",
    );
  const sceneWords = sceneQuery(scene);
  const query = q.data.q?.trim().replace(/\s+/g, " ") || sceneWords;
  // Media in other scenes is left out (no repeats); this scene's own current pick is shown as in use.
  const others = usedMediaKeys({ scenes: body.scenes.filter((s) => s.id !== scene.id) });
  const current = usedMediaKeys({ scenes: [scene] });

  const own = await listOwnMedia({ db: deps.db, uid: a.uid, productNames: await productNamesByAsset(deps.db, a.uid) });
  const ownRanked = rankCandidates({ query, candidates: own, ratio: body.aspect_ratio, used: others })
    .filter((r) => r.fit > 0)
    .slice(0, OWN_MAX);

  const stockOn = stockConfigured();
  const stock =
    stockOn && query ? await searchStock({ query, kind: "any", ratio: body.aspect_ratio, uid: a.uid }) : null;
  const stockRanked = stock
    ? rankCandidates({ query, candidates: stock.candidates, ratio: body.aspect_ratio }).slice(0, STOCK_MAX)
    : [];

  const candidates = [
    ...(await Promise.all(
      ownRanked.map(async (r) => ({
        ...(await ownCandidate(deps.store, r.item)),
        in_use: current.has(candidateKey(r.item)),
      })),
    )),
    ...stockRanked.map((r) => ({ ...r.item, in_use: false })),
  ];
  return {
    query,
    scene_query: sceneWords,
    stock_enabled: stockOn,
    candidates,
    problems: stock?.problems ?? [],
    generate_prompt: scene.image_prompt ?? query,
  };
}
