import { ApiClientError } from "@/lib/client/api";
import { describeGenerationError } from "./generation-errors";

const err = (status: number, code: string, message = "server says") => new ApiClientError({ status, code, message });

it.each([
  [402, "insufficient_credits", "credits", /not enough credits/i],
  [402, "plan_limit", "plan", /your plan doesn't include this/i],
  [429, "rate_limited", "busy", /too many generations running/i],
  [422, "unprocessable_entity", "invalid", /check your settings/i],
  [0, "network_error", "network", /offline/i],
  [500, "internal_error", "other", /did not start/i],
] as const)("%i %s -> %s", (status, code, kind, title) => {
  const view = describeGenerationError(err(status, code));
  expect(view.kind).toBe(kind);
  expect(view.title).toMatch(title);
  expect(view.message).toBe("server says");
});

it("branches on the code even when the status is unusual", () => {
  expect(describeGenerationError(err(400, "insufficient_credits")).kind).toBe("credits");
});

it("does not leak non-API errors", () => {
  expect(describeGenerationError(new TypeError("x is undefined")).message).not.toContain("undefined");
});
