/** The credits card says why a new account has no free credits yet. */
import { renderToStaticMarkup } from "react-dom/server";
import type { BillingSummary } from "@/lib/money/billing/contract";
import { BillingOverview } from "./billing-overview";

const summary = (signup_credits: BillingSummary["signup_credits"]): BillingSummary => ({
  plan: "free",
  balance: 0,
  balance_note: null,
  purchasable: {
    available: false,
    reason: "Billing isn't set up on this server.",
    items: { pro: false, team: false, credits_500: false },
  },
  subscription: null,
  period: {
    kind: "free",
    start: "2026-11-01T00:00:00.000Z",
    end: "2026-12-01T00:00:00.000Z",
    monthly_credits: 100,
    granted: null,
    next: { kind: "refreshes", at: "2026-12-01T00:00:00.000Z" },
  },
  has_billing_account: false,
  checkout: null,
  just_granted: 0,
  signup_credits,
});
const render = (s: BillingSummary) =>
  renderToStaticMarkup(<BillingOverview summary={s} pending={null} onAction={() => undefined} />);

test("pending: verify the email, then sign in again; refused: the address already had them; otherwise nothing", () => {
  expect(render(summary("pending"))).toContain(
    "Your free credits wait for a verified email: open the link we sent you, then sign in again to get 100 credits.",
  );
  expect(render(summary("refused"))).toContain(
    "This email address already received its free credits on another account.",
  );
  const plain = render(summary(null));
  expect(plain).not.toContain("verified email");
  expect(plain).not.toContain("already received");
});
