import Link from "next/link";
import { AlertTriangle, Coins, Crown, Hourglass } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describeActionError } from "./action-errors";

interface ActionErrorPanelProps {
  error: unknown;
  /** The title when the failure has no more specific one ("The video was not created"). */
  action?: string;
  onDismiss?: () => void;
  /** Extra buttons (e.g. Reload after a conflict). */
  children?: React.ReactNode;
}

/** Why a video call failed, and what to do next (402 credits or plan, 429 busy, 422 settings, 409 conflict). */
export function ActionErrorPanel({ error, action, onDismiss, children }: ActionErrorPanelProps) {
  const view = describeActionError(error, action);
  const Icon =
    view.kind === "credits" ? Coins : view.kind === "plan" ? Crown : view.kind === "busy" ? Hourglass : AlertTriangle;
  const upgrade = view.kind === "credits" || view.kind === "plan";
  return (
    <Alert variant="destructive">
      <Icon aria-hidden="true" />
      <AlertTitle>{view.title}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>{view.message}</p>
        {view.kind === "credits" ? (
          <p>Nothing was charged. Add credits on your subscription page, or make a shorter video.</p>
        ) : null}
        {view.kind === "busy" ? <p>Your videos in progress continue; nothing was charged for this one.</p> : null}
        {view.kind === "plan" ? <p>Nothing was charged.</p> : null}
        {upgrade || onDismiss || children ? (
          <div className="flex flex-wrap gap-2">
            {upgrade ? (
              <Button asChild size="sm">
                <Link href="/subscription">{view.kind === "plan" ? "Compare plans" : "Get more credits"}</Link>
              </Button>
            ) : null}
            {children}
            {onDismiss ? (
              <Button size="sm" variant="outline" onClick={onDismiss}>
                Dismiss
              </Button>
            ) : null}
          </div>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
