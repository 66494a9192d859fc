/** A person's webhooks (lib/platform/webhooks/contract.ts): endpoints, their delivery logs, and the calls that change them. */
import useSWR from "swr";
import { apiFetch, type ApiClientError, fetcher, retryWhenServerFails } from "@/lib/client/api";
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
} from "@/lib/platform/webhooks/contract";

export const WEBHOOKS_PATH = "/api/v1/webhooks";
const endpointPath = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;
export const deliveriesPath = (id: string) => `${endpointPath(id)}/deliveries`;

export function useWebhooks() {
  return useSWR<WebhookEndpointView[], ApiClientError>(WEBHOOKS_PATH, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
  });
}

/** The endpoint's log; asked again every 2 s while a delivery is still being sent. */
export function useWebhookDeliveries(id: string | null) {
  return useSWR<WebhookDeliveryView[], ApiClientError>(id ? deliveriesPath(id) : null, fetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryWhenServerFails,
    refreshInterval: (data) => (data?.some((d) => d.state === "pending" || d.state === "retrying") ? 2000 : 0),
  });
}

export function createWebhook(input: CreateWebhookInput): Promise<WebhookEndpointWithSecret> {
  return apiFetch(WEBHOOKS_PATH, { method: "POST", body: input });
}

export function updateWebhook(id: string, patch: UpdateWebhookInput): Promise<WebhookEndpointView> {
  return apiFetch(endpointPath(id), { method: "PATCH", body: patch });
}

export function deleteWebhook(id: string): Promise<{ id: string; deleted: true }> {
  return apiFetch(endpointPath(id), { method: "DELETE" });
}

export function rollWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return apiFetch(`${endpointPath(id)}/roll-secret`, { method: "POST" });
}

export function sendWebhookTest(id: string): Promise<WebhookDeliveryView> {
  return apiFetch(`${endpointPath(id)}/test`, { method: "POST" });
}

export function resendWebhookDelivery(id: string, deliveryId: string): Promise<WebhookDeliveryView> {
  return apiFetch(`${deliveriesPath(id)}/${encodeURIComponent(deliveryId)}/resend`, { method: "POST" });
}
