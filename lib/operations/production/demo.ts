import "server-only";
/**
 * The demo a fresh install shows: one client (Bean There Coffee) with one
 * on-demand pipeline of two prompt rows, and one run of it made by the real
 * engine (Local preview writer, 15 s, 9:16) as the first staff member who
 * opens production, who owns its two videos (they open like any other) and
 * pays their credits. Create-if-missing: never overwrites, never runs twice.
 */
import { DEFAULT_BRAND_KIT } from "@/lib/creation/brand/contract";
import { LOCAL_LANGUAGE_MODEL_ID } from "@/lib/platform/ai/language/local-language-model";
import { users } from "@/lib/platform/db/collections";
import { runAs, systemContext } from "@/lib/platform/update-log/context";
import { logChange } from "@/lib/platform/update-log/write";
import { prodClients, prodPipelines, prodRuns, type ProdClientDoc, type ProdPipelineDoc } from "./collections";
import type { ProdDeps } from "./deps";
import { startRun } from "./runs";

export const DEMO_CLIENT_ID = "demo-bean-there";
export const DEMO_PIPELINE_ID = "demo-bean-there-daily";

const ROWS = [
  {
    key: "id:cold-brew",
    row: {
      link: null,
      prompt: "Bean There cold brew: steeped for eighteen hours, poured over ice.",
      name: "Cold brew",
      price: "4.50",
      image_url: null,
    },
  },
  {
    key: "id:lisbon-roast",
    row: {
      link: null,
      prompt: "The Lisbon roast: dark, sweet, roasted the morning it ships.",
      name: "Lisbon roast",
      price: "12.00",
      image_url: null,
    },
  },
];

let pending: Promise<void> | null = null;

/** Seeds the demo once per process (a failure lets the next call try again). */
export function ensureProdDemo(deps: ProdDeps, staffUid: string): Promise<void> {
  pending ??= seed(deps, staffUid)
    .then((complete) => {
      // No run yet (no credits, no profile): the next staff visit tries again.
      if (!complete) pending = null;
    })
    .catch((e) => {
      pending = null;
      console.error("[prod demo] not seeded", e);
    });
  return pending;
}

/** True once the demo has its run. */
async function seed(deps: ProdDeps, staffUid: string): Promise<boolean> {
  const db = deps.db;
  const at = (deps.now ?? (() => new Date()))().toISOString();
  return runAs(systemContext("seed"), async () => {
    await db.runTransaction(async (tx) => {
      const cRef = db.collection(prodClients).doc(DEMO_CLIENT_ID);
      const pRef = db.collection(prodPipelines).doc(DEMO_PIPELINE_ID);
      const [c, p] = [await tx.get(cRef), await tx.get(pRef)];
      if (!c) {
        const client: ProdClientDoc = {
          name: "Bean There Coffee",
          name_lower: "bean there coffee",
          brand_kit: {
            ...DEFAULT_BRAND_KIT,
            colors: {
              primary: "#6b3e26",
              secondary: "#f3e6d8",
              accent: "#e0a458",
              text: "#1f140d",
              background: "#fffaf3",
            },
          },
          default_template_id: null,
          contacts: [{ name: "Ana Costa", email: "ana@beanthere.example", role: "Marketing lead" }],
          notes: "Demo client: a small roaster in Lisbon. Weekly product videos for Instagram Reels.",
          archived: false,
          demo: true,
          revision: 0,
          created_by: "system",
          created_at: at,
          updated_at: at,
        };
        tx.create(cRef, client);
        logChange(db, tx, {
          entityType: "client",
          entityId: DEMO_CLIENT_ID,
          entityLabel: client.name,
          action: "create",
          before: null,
          after: client,
        });
      }
      if (!p) {
        const pipeline: ProdPipelineDoc = {
          client_id: DEMO_CLIENT_ID,
          name: "Product spotlights",
          source: { kind: "csv", file_name: "bean-there-products.csv", rows: ROWS },
          settings: {
            template_id: null,
            template_version: null,
            aspect_ratios: ["9:16"],
            length_s: 15,
            voice_id: null,
            captions: true,
            music: false,
            model_id: LOCAL_LANGUAGE_MODEL_ID,
          },
          schedule: { kind: "on_demand" },
          next_run_at: null,
          webhook_url: null,
          owner_id: staffUid,
          archived: false,
          demo: true,
          revision: 0,
          created_at: at,
          updated_at: at,
        };
        tx.create(pRef, pipeline);
        logChange(db, tx, {
          entityType: "pipeline",
          entityId: DEMO_PIPELINE_ID,
          entityLabel: pipeline.name,
          action: "create",
          before: null,
          after: pipeline,
        });
      }
    });
    const runs = await db
      .collection(prodRuns)
      .where("pipeline_id", "==", DEMO_PIPELINE_ID)
      .orderBy("created_at", "desc")
      .limit(1)
      .get();
    const user = await db.collection(users).doc(staffUid).get();
    if (runs.length > 0) return true;
    if (!user) return false;
    // A real run through the engine; without the credits for it, the demo has no run yet.
    return startRun(deps, DEMO_PIPELINE_ID, { trigger: "demo", ownerId: staffUid }).then(
      () => true,
      (e) => {
        console.error("[prod demo] demo run not started", e instanceof Error ? e.message : e);
        return false;
      },
    );
  });
}
