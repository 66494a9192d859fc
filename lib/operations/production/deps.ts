import type { BatchDeps } from "@/lib/creation/batches/service";
import type { FetchOptions } from "./source";

/** The stores and clock (the bulk engine's deps), plus how feeds and webhooks reach the network (tests inject a resolver). */
export interface ProdDeps extends BatchDeps {
  fetch?: FetchOptions;
}
