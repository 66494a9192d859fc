/** A published page's media (lib/creation/pages/media-route.ts): 307 to a signed URL, else 404. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { pageMediaGet } from "@/lib/creation/pages/media-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = pageMediaGet;
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
