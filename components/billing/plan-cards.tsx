"use client";
/** The plans side by side: price, monthly credits, limits, the current one marked, and the button that changes plan. */
import type { ReactNode } from "react";
import { Check, Clock, Layers, LoaderCircle, MonitorPlay, Stamp } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { BillingSummary } from "@/lib/money/billing/contract";
import {
  durationLabel,
  PLAN_IDS,
  PLANS,
  planRank,
  priceLabel,
  resolutionLabel,
  type PlanId,
} from "@/lib/money/billing/plans";
import { actionKey, type BillingAction } from "@/lib/client/hooks/use-billing-actions";
import { cn } from "@/lib/platform/utils";

import { formatDate, formatNumber } from "./format";

const LIVE = new Set(["active", "trialing", "past_due"]);

interface PlanChoice {
  label: string;
  action: BillingAction | null;
  /** Why the button is disabled, shown under it. */
  note?: string;
}

export function choiceFor(plan: PlanId, summary: BillingSummary): PlanChoice {
  const current = summary.plan;
  const sub = summary.subscription;
  const live = Boolean(sub && LIVE.has(sub.status));
  const name = PLANS[plan].name;
  if (plan === current) return { label: "Your plan", action: null };
  if (plan === "free") {
    if (!live) return { label: "Free", action: null };
    if (sub?.cancel_at_period_end)
      return {
        label: "Cancellation scheduled",
        action: null,
        note: `You move to Free on ${formatDate(sub.current_period_end) ?? "the period's end"}.`,
      };
    return withAvailability(
      { label: "Cancel subscription", action: { kind: "portal", action: "cancel" } },
      summary,
      null,
    );
  }
  const upgrade = planRank(plan) > planRank(current);
  if (!live)
    return withAvailability({ label: `Upgrade to ${name}`, action: { kind: "checkout", item: plan } }, summary, plan);
  return withAvailability(
    {
      label: upgrade ? `Upgrade to ${name}` : `Downgrade to ${name}`,
      action: { kind: "portal", action: "switch", plan },
    },
    summary,
    plan,
  );
}

function withAvailability(choice: PlanChoice, summary: BillingSummary, plan: "pro" | "team" | null): PlanChoice {
  if (!summary.purchasable.available) return { ...choice, note: "Billing isn't set up on this server." };
  if (plan && !summary.purchasable.items[plan])
    return { ...choice, note: `${PLANS[plan].name} isn't for sale on this server yet.` };
  return choice;
}

export function PlanCards(props: {
  summary: BillingSummary;
  pending: string | null;
  onAction(action: BillingAction): void;
}) {
  const { summary } = props;
  return (
    <ul aria-label="Plans" className="grid gap-4 lg:grid-cols-3">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const current = summary.plan === id;
        const choice = choiceFor(id, summary);
        const disabled = !choice.action || Boolean(choice.note) || props.pending !== null;
        const noteId = `plan-${id}-note`;
        const busy = choice.action && props.pending === actionKey(choice.action);
        return (
          <li key={id} className="flex">
            <Card
              role="group"
              aria-label={`${plan.name} plan`}
              className={cn("w-full", current && "border-primary ring-1 ring-primary")}
            >
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle as="h3" className="text-lg">
                    {plan.name}
                  </CardTitle>
                  {current ? <Badge>Current plan</Badge> : null}
                </div>
                <CardDescription>{plan.tagline}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1 space-y-4">
                <p>
                  <span className="text-3xl font-semibold tracking-tight">{priceLabel(plan.monthlyPriceCents)}</span>
                  <span className="text-sm text-muted-foreground"> / month</span>
                </p>
                <p className="text-sm font-medium">
                  {id === "free"
                    ? `Tops up to ${formatNumber(plan.monthlyCredits)} credits every month`
                    : `${formatNumber(plan.monthlyCredits)} credits every month`}
                </p>
                <ul className="space-y-2 text-sm text-muted-foreground">
                  <Limit icon={Layers}>{plan.limits.concurrentJobs} jobs at once</Limit>
                  <Limit icon={Clock}>Videos up to {durationLabel(plan.limits.maxVideoSeconds)}</Limit>
                  <Limit icon={MonitorPlay}>Renders up to {resolutionLabel(plan.limits.maxResolution)}</Limit>
                  <Limit icon={plan.limits.watermark ? Stamp : Check}>
                    {plan.limits.watermark ? "Watermark on videos" : "No watermark"}
                  </Limit>
                </ul>
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-2">
                {choice.action ? (
                  <Button
                    variant={
                      current || choice.label.startsWith("Cancel") || choice.label.startsWith("Downgrade")
                        ? "outline"
                        : "default"
                    }
                    disabled={disabled}
                    aria-describedby={choice.note ? noteId : undefined}
                    aria-busy={busy || undefined}
                    onClick={() => choice.action && props.onAction(choice.action)}
                  >
                    {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                    {choice.label}
                  </Button>
                ) : (
                  <p className="text-center text-sm font-medium text-muted-foreground">{choice.label}</p>
                )}
                {choice.note ? (
                  <p id={noteId} className="text-center text-xs text-muted-foreground">
                    {choice.note}
                  </p>
                ) : null}
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function Limit({ icon: Icon, children }: { icon: typeof Check; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
      <span>{children}</span>
    </li>
  );
}
