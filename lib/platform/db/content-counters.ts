/**
 * Content items per kind and status (`<kind>|<status>` -> n), kept by the store on every `content` write
 * (./counters.ts): "how many videos are ready" reads at most kinds × statuses × shards documents.
 */
import { content } from "./collections";
import { defineCounter } from "./counters";

export const contentStatusCounter = defineCounter({
  name: "content_status",
  source: content,
  shards: 4,
  contributions: (c) => [{ key: `${c.kind}|${c.status}`, values: { n: 1 } }],
});
