/** GET /api/v1/health — readiness for load balancers and the test runner. */
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
