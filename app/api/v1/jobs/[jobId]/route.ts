/** GET /api/v1/jobs/{jobId} — a job's state and progress, for polling (mine only; others' are 404). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { toJobView } from "@/lib/media/images/http";
import { getJob } from "@/lib/media/images/job-status";
import { imageRuntime } from "@/lib/media/images/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user, params }) => {
    const job = await getJob({ db: imageRuntime().db, jobId: String(params.jobId), uid: user.uid });
    return Response.json({ data: toJobView(job) }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
