/**
 * What a failed call means to the user, decided on `error.code` (and the
 * status as a fallback): out of credits, too many runs, bad input, or
 * something else. Pure, so each branch is tested.
 */
import { ApiClientError } from "@/lib/client/api";
import { describeMoneyError } from "@/components/common/action-errors";

export type GenerationErrorKind = "credits" | "plan" | "busy" | "invalid" | "not-found" | "network" | "other";

export interface GenerationErrorView {
  kind: GenerationErrorKind;
  title: string;
  message: string;
}

export function describeGenerationError(error: unknown): GenerationErrorView {
  if (!(error instanceof ApiClientError)) {
    return {
      kind: "other",
      title: "The generation did not start",
      message: "Something unexpected happened. Try again.",
    };
  }
  const money = describeMoneyError(error);
  if (money) return money;
  if (error.code === "rate_limited" || error.status === 429) {
    return {
      kind: "busy",
      title: "You have too many generations running; wait for one to finish",
      message: error.message,
    };
  }
  if (error.code === "unprocessable_entity" || error.status === 422 || error.status === 400 || error.status === 413) {
    return { kind: "invalid", title: "Check your settings", message: error.message };
  }
  if (error.status === 404) return { kind: "not-found", title: "Not found", message: error.message };
  if (error.status === 0) return { kind: "network", title: "You appear to be offline", message: error.message };
  return { kind: "other", title: "The generation did not start", message: error.message };
}
