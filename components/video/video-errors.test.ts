import { ApiClientError, fieldMessages } from "@/lib/client/api";
import { describeVideoError } from "./video-errors";

const err = (status: number, code: string) => new ApiClientError({ status, code, message: `m ${code}` });

it("names each failure a video call can meet", () => {
  expect(describeVideoError(err(402, "payment_required")).kind).toBe("credits");
  expect(describeVideoError(err(429, "rate_limited")).kind).toBe("busy");
  expect(describeVideoError(err(409, "rendering")).kind).toBe("rendering");
  expect(describeVideoError(err(409, "revision_conflict")).kind).toBe("conflict");
  // The API's own shape: code "conflict", the reason in the issue.
  const conflict = (path: string, message: string) => new ApiClientError({ status: 409, code: "conflict", message: "m", issues: [{ path, message }] });
  expect(describeVideoError(conflict("state", "rendering")).kind).toBe("rendering");
  expect(describeVideoError(conflict("revision", "revision_conflict")).kind).toBe("conflict");
  expect(describeVideoError(new ApiClientError({ status: 409, code: "conflict", message: "Render the video before sharing it" }), "Sharing did not change")).toEqual({
    kind: "conflict",
    title: "Sharing did not change",
    message: "Render the video before sharing it",
  });
  expect(describeVideoError(err(422, "unprocessable_entity")).kind).toBe("invalid");
  expect(describeVideoError(err(404, "not_found")).kind).toBe("not-found");
  expect(describeVideoError(err(0, "network_error")).kind).toBe("network");
  expect(describeVideoError(err(500, "internal_error"), "The video was not created")).toEqual({
    kind: "other",
    title: "The video was not created",
    message: "m internal_error",
  });
  expect(describeVideoError(new Error("x")).kind).toBe("other");
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
