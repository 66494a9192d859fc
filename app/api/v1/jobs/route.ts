/** GET /api/v1/jobs?active=1 — my queued and running jobs, so a reloaded page picks them up again. */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { toJobView } from "@/lib/media/images/http";
import { listMyActiveJobs } from "@/lib/media/images/job-status";
import { imageRuntime, startInAppWorker } from "@/lib/media/images/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ active: z.enum(["1", "true"]).default("1") });

export const GET = withUser(
  async ({ request, user }) => {
    readQuery(request, query);
    const jobs = await listMyActiveJobs({ db: imageRuntime().db, uid: user.uid });
    // Queued work left by a restart gets a worker as soon as its owner looks at it.
    if (jobs.length > 0) startInAppWorker();
    return Response.json(
      { data: { jobs: jobs.map(toJobView) } },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
