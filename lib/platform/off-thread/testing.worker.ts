/** A worker for the pool's own tests (./pool.test.ts): a round trip, a hang, errors and a memory hog. */
import { ApiError } from "@/lib/platform/api/errors";
import { serveOffThread } from "./serve";

class ReasonError extends Error {
  constructor(readonly reason: string) {
    super(`failed: ${reason}`);
    this.name = "ReasonError";
  }
}

const tasks = {
  echo: (input: { text: string }) => ({ text: input.text, thread: "worker" }),
  /** The exponential regex looksLikeSvg once used: hours of backtracking on a 200-byte input. */
  backtrack: (input: { comments: number }) =>
    /^\s*(<!--[\s\S]*?-->\s*)*<svg/.test(`${"<!---->".repeat(input.comments)}x`),
  apiError: () => {
    throw new ApiError("unprocessable_entity", "bad input", { issues: [{ path: "file", message: "bad" }] });
  },
  reasonError: (input: { reason: string }) => {
    throw new ReasonError(input.reason);
  },
  hog: () => {
    const keep: number[][] = [];
    for (;;) keep.push(new Array(1_000_000).fill(1));
  },
};

export type TestingTasks = typeof tasks;
serveOffThread(tasks);
