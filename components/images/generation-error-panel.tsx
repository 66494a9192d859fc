import Link from "next/link";
import { AlertTriangle, Coins, Hourglass } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describeGenerationError } from "./generation-errors";

/** Why a generation did not start, and what to do next (402 credits, 429 busy, 422 settings). */
export function GenerationErrorPanel({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  const view = describeGenerationError(error);
  const Icon = view.kind === "credits" ? Coins : view.kind === "busy" ? Hourglass : AlertTriangle;
  return (
    <Alert variant="destructive">
      <Icon aria-hidden="true" />
      <AlertTitle>{view.title}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>{view.message}</p>
        {view.kind === "credits" ? (
          <p>Nothing was charged. Add credits on your subscription page, or make fewer images per run.</p>
        ) : null}
        {view.kind === "busy" ? <p>Your running generations continue; nothing was charged for this one.</p> : null}
        <div className="flex flex-wrap gap-2">
          {view.kind === "credits" || view.kind === "plan" ? (
            <Button asChild size="sm">
              <Link href="/subscription">{view.kind === "plan" ? "Compare plans" : "Get more credits"}</Link>
            </Button>
          ) : null}
          {onDismiss ? (
            <Button size="sm" variant="outline" onClick={onDismiss}>
              Dismiss
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}
