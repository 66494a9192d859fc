import { ApiClientError, fieldMessages } from "@/lib/client/api";
import { describeActionError } from "./action-errors";

const err = (status: number, code: string) => new ApiClientError({ status, code, message: `m ${code}` });

it("names each failure a video call can meet", () => {
  expect(describeActionError(err(402, "insufficient_credits"))).toMatchObject({
    kind: "credits",
    title: "Not enough credits",
  });
  // A plan limit is not a shortage of credits: its own kind and words (issue 21: "You're out of credits" with 83).
  const plan = describeActionError(err(402, "plan_limit"));
  expect(plan).toMatchObject({ kind: "plan", title: "Your plan doesn't include this" });
  expect(plan.title).not.toMatch(/credits/i);
  expect(describeActionError(err(429, "rate_limited")).kind).toBe("busy");
  expect(describeActionError(err(409, "rendering")).kind).toBe("rendering");
  expect(describeActionError(err(409, "revision_conflict")).kind).toBe("conflict");
  // The API's own shape: code "conflict", the reason in the issue.
  const conflict = (path: string, message: string) =>
    new ApiClientError({ status: 409, code: "conflict", message: "m", issues: [{ path, message }] });
  expect(describeActionError(conflict("state", "rendering")).kind).toBe("rendering");
  expect(describeActionError(conflict("revision", "revision_conflict")).kind).toBe("conflict");
  expect(
    describeActionError(
      new ApiClientError({ status: 409, code: "conflict", message: "Render the video before sharing it" }),
      "Sharing did not change",
    ),
  ).toEqual({
    kind: "conflict",
    title: "Sharing did not change",
    message: "Render the video before sharing it",
  });
  expect(describeActionError(err(422, "unprocessable_entity")).kind).toBe("invalid");
  expect(describeActionError(err(404, "not_found")).kind).toBe("not-found");
  expect(describeActionError(err(0, "network_error")).kind).toBe("network");
  expect(describeActionError(err(500, "internal_error"), "The video was not created")).toEqual({
    kind: "other",
    title: "The video was not created",
    message: "m internal_error",
  });
  expect(describeActionError(new Error("x")).kind).toBe("other");
});

it("puts a 422's issues under each field and its parents", () => {
  const e = new ApiClientError({
    status: 422,
    code: "unprocessable_entity",
    message: "The request is not valid.",
    issues: [
      { path: "brief", message: "Describe the video you want." },
      { path: "scenes.2.narration", message: "Too long" },
      { path: "brief", message: "second message is ignored" },
    ],
  });
  expect(fieldMessages(e)).toEqual({
    brief: "Describe the video you want.",
    "scenes.2.narration": "Too long",
    "scenes.2": "Too long",
    scenes: "Too long",
  });
  expect(fieldMessages(err(422, "unprocessable_entity"))).toEqual({});
});
