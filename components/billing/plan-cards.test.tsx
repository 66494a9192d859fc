/** Which button each plan card shows, and that every disabled one says why. */
import { renderToStaticMarkup } from "react-dom/server";
import type { BillingSummary } from "@/lib/money/billing/contract";
import { choiceFor, PlanCards } from "./plan-cards";
import { BillingOverview, nextDateSentence } from "./billing-overview";

const summary = (over: Partial<BillingSummary> = {}): BillingSummary => ({
  plan: "free",
  balance: 100,
  purchasable: { available: true, reason: null, items: { pro: true, team: true, credits_500: true } },
  subscription: null,
  period: {
    kind: "free",
    start: "2026-11-01T00:00:00.000Z",
    end: "2026-12-01T00:00:00.000Z",
    monthly_credits: 100,
    granted: 100,
    next: { kind: "refreshes", at: "2026-12-01T00:00:00.000Z" },
  },
  has_billing_account: false,
  checkout: null,
  just_granted: 0,
  balance_note: null,
  ...over,
});
const subscribed = (plan: "pro" | "team", cancel = false) =>
  summary({
    plan,
    subscription: {
      status: "active",
      plan,
      cancel_at_period_end: cancel,
      current_period_end: "2026-12-21T00:00:00.000Z",
    },
  });

test("free user: Checkout for the paid plans", () => {
  expect(choiceFor("free", summary())).toEqual({ label: "Your plan", action: null });
  expect(choiceFor("pro", summary())).toEqual({ label: "Upgrade to Pro", action: { kind: "checkout", item: "pro" } });
});

test("subscriber: switch through the portal, cancel to go to Free, and a scheduled end says when", () => {
  expect(choiceFor("team", subscribed("pro"))).toEqual({
    label: "Upgrade to Team",
    action: { kind: "portal", action: "switch", plan: "team" },
  });
  expect(choiceFor("pro", subscribed("team"))).toEqual({
    label: "Downgrade to Pro",
    action: { kind: "portal", action: "switch", plan: "pro" },
  });
  expect(choiceFor("free", subscribed("pro"))).toEqual({
    label: "Cancel subscription",
    action: { kind: "portal", action: "cancel" },
  });
  expect(choiceFor("free", subscribed("pro", true))).toMatchObject({
    label: "Cancellation scheduled",
    action: null,
    note: "You move to Free on December 21, 2026.",
  });
});

test("not configured: every buying button is disabled and described by the reason", () => {
  const off = summary({
    purchasable: {
      available: false,
      reason: "Online payments are not set up on this server.",
      items: { pro: false, team: false, credits_500: false },
    },
  });
  const html = renderToStaticMarkup(<PlanCards summary={off} pending={null} onAction={() => undefined} />);
  for (const id of ["pro", "team"]) {
    expect(html).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*aria-describedby="plan-${id}-note"`));
    expect(html).toContain(
      `<p id="plan-${id}-note" class="text-center text-xs text-muted-foreground">Billing isn&#x27;t set up on this server.</p>`,
    );
  }
  // One unpriced plan is disabled alone, with its own reason.
  const noTeam = renderToStaticMarkup(
    <PlanCards
      summary={summary({
        purchasable: { available: true, reason: null, items: { pro: true, team: false, credits_500: true } },
      })}
      pending={null}
      onAction={() => undefined}
    />,
  );
  expect(noTeam).toContain("Team isn&#x27;t for sale on this server yet.");
  expect(noTeam).not.toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="plan-pro-note"/);
});

test("the date line says renews, ends or refreshes", () => {
  expect(nextDateSentence(summary())).toBe("Free credits refresh to 100 on December 1, 2026.");
  const pro = subscribed("pro");
  const paid = {
    ...pro,
    period: {
      ...pro.period,
      kind: "paid" as const,
      monthly_credits: 2000,
      next: { kind: "renews" as const, at: "2026-12-21T00:00:00.000Z" },
    },
  };
  expect(nextDateSentence(paid)).toBe("Renews on December 21, 2026 with 2,000 new credits.");
  expect(
    nextDateSentence({ ...paid, period: { ...paid.period, next: { kind: "ends", at: "2026-12-21T00:00:00.000Z" } } }),
  ).toBe("Your subscription ends on December 21, 2026; then you are on the Free plan.");
});

test("a balance below zero shows in red with the reason it is there and that spending is paused", () => {
  const note =
    "Your balance is -390 credits: a credit pack you bought was refunded or disputed. Spending is paused until your balance is above zero again.";
  const html = renderToStaticMarkup(
    <BillingOverview
      summary={summary({ balance: -390, balance_note: note })}
      pending={null}
      onAction={() => undefined}
    />,
  );
  expect(html).toMatch(/<p class="[^"]*text-destructive"[^>]*aria-describedby="balance-note"[^>]*>-390<\/p>/);
  expect(html).toContain(`<p id="balance-note" role="note"`);
  expect(html).toContain("Spending is paused until your balance is above zero again.");
  expect(
    renderToStaticMarkup(<BillingOverview summary={summary()} pending={null} onAction={() => undefined} />),
  ).not.toContain("balance-note");
});
