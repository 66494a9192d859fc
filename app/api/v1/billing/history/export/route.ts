/** GET /api/v1/billing/history/export — my credit ledger as a CSV download, with the same filters as the history. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { historyQuerySchema } from "@/lib/money/billing/contract";
import { CSV_HEADER, csvRow, historyCsvRow } from "@/lib/money/billing/csv";
import { allCreditHistory } from "@/lib/money/billing/history";
import { getDb } from "@/lib/platform/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request, user }) => {
  const { kind, from, to } = readQuery(request, historyQuerySchema);
  const origin = request.nextUrl.origin;
  const pages = allCreditHistory({ db: getDb(), uid: user.uid, query: { kind, from, to } });
  // The first page is read before answering, so a failure is still a typed error rather than a cut-off file.
  const first = await pages.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRow(CSV_HEADER)));
      if (!first.done) for (const item of first.value) controller.enqueue(encoder.encode(historyCsvRow(item, origin)));
    },
    async pull(controller) {
      const next = first.done ? { done: true as const, value: undefined } : await pages.next();
      if (next.done) return controller.close();
      for (const item of next.value) controller.enqueue(encoder.encode(historyCsvRow(item, origin)));
    },
  });
  const name = `promptframe-credits-${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
