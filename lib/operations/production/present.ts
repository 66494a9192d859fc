import type { DeliveryView, RunSummary } from "./contract";
import type { ProdDeliveryDoc, ProdRunDoc } from "./collections";

export function runSummary(id: string, r: ProdRunDoc): RunSummary {
  return {
    id,
    pipeline_id: r.pipeline_id,
    pipeline_name: r.pipeline_name,
    client_id: r.client_id,
    state: r.state,
    trigger: r.trigger,
    owner_id: r.owner_id,
    item_count: r.item_count,
    reused_count: r.reused_count,
    done_count: r.done_count,
    failed_count: r.failed_count,
    credits_used: r.credits_used,
    error: r.error,
    created_at: r.created_at,
    finished_at: r.finished_at,
  };
}

export function deliveryView(id: string, d: ProdDeliveryDoc): DeliveryView {
  return {
    id,
    run_id: d.run_id,
    pipeline_id: d.pipeline_id,
    url: d.url,
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: d.next_attempt_at,
    created_at: d.created_at,
  };
}
