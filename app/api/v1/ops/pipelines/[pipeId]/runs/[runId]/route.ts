/** GET /api/v1/ops/pipelines/{pipeId}/runs/{runId} — the run: items with state and progress, overall progress, ETA, deliveries. */
import { methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { getRun } from "@/lib/prod/runs";
import { prodRuntime } from "@/lib/prod/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ params }) => Response.json({ data: await getRun(prodRuntime(), String(params.pipeId), String(params.runId)) }, { headers: { "Cache-Control": "private, no-store" } }), { internal: true });

const notAllowed = methodNotAllowed(["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
