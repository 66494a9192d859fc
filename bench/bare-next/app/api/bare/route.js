export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ data: { user_id: "bare", plan: "free", credits: 100 } });
}
