/**
 * What a failed call means to the user (video, design, content and link
 * screens share it; the titles still speak of "this video"), decided on `error.code` (and
 * the status as a fallback). Pure, so each branch is tested.
 */
import { ApiClientError, conflictReason } from "@/lib/client/api";

export type ActionErrorKind =
  | "credits"
  | "plan"
  | "busy"
  | "invalid"
  | "conflict"
  | "rendering"
  | "not-found"
  | "network"
  | "other";

export interface ActionErrorView {
  kind: ActionErrorKind;
  title: string;
  message: string;
}

export function describeActionError(error: unknown, action = "That did not work"): ActionErrorView {
  if (!(error instanceof ApiClientError)) {
    return { kind: "other", title: action, message: "Something unexpected happened. Try again." };
  }
  const money = describeMoneyError(error);
  if (money) return money;
  if (error.code === "rate_limited" || error.status === 429) {
    // Too many renders at once, or a limit such as the daily storyboard cap: the message says which and when.
    return { kind: "busy", title: "Not right now: a limit was reached", message: error.message };
  }
  const conflict = conflictReason(error);
  if (conflict === "rendering") return { kind: "rendering", title: "This video is rendering", message: error.message };
  if (conflict === "revision")
    return { kind: "conflict", title: "This video changed somewhere else", message: error.message };
  if (error.status === 409) return { kind: "conflict", title: action, message: error.message };
  if (error.code === "unprocessable_entity" || error.status === 422 || error.status === 400 || error.status === 413) {
    return { kind: "invalid", title: "Check your settings", message: error.message };
  }
  if (error.status === 404 || error.status === 403)
    return { kind: "not-found", title: "We couldn't find this video", message: error.message };
  if (error.status === 0) return { kind: "network", title: "You appear to be offline", message: error.message };
  return { kind: "other", title: action, message: error.message };
}

/**
 * A 402 in the words of its real reason: the plan ("plan_limit": a longer video or a larger render needs a dearer
 * plan; the person may have plenty of credits) or the balance ("insufficient_credits"). Shared by every error view.
 */
export function describeMoneyError(
  error: ApiClientError,
): { kind: "credits" | "plan"; title: string; message: string } | null {
  if (error.code === "plan_limit") {
    return { kind: "plan", title: "Your plan doesn't include this", message: error.message };
  }
  if (error.code === "insufficient_credits" || error.code === "payment_required" || error.status === 402) {
    return { kind: "credits", title: "Not enough credits", message: error.message };
  }
  return null;
}
