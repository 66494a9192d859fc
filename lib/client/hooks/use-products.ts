"use client";
/**
 * The product catalogue and links calls (lib/creation/products/contract.ts,
 * lib/creation/links/contract.ts) for the /product and /url-to-video screens.
 */
import useSWR, { mutate as globalMutate } from "swr";
import type { ExtractedPage, ProductFacts } from "@/lib/creation/links/contract";
import type { ProductContentItem, ProductInput, ProductPatch, ProductView } from "@/lib/creation/products/contract";
import type { CreateVideoInput, VideoView } from "@/lib/creation/video/contract";
import { apiFetch, apiRequest, fetcher, type ApiClientError } from "@/lib/client/api";
import { announceWork } from "./work-events";

export const PRODUCTS_PATH = "/api/v1/products";

const isProductsKey = (key: unknown) => typeof key === "string" && key.startsWith(PRODUCTS_PATH);

export function useProducts(q: string) {
  const key = `${PRODUCTS_PATH}?q=${encodeURIComponent(q.trim())}`;
  return useSWR(
    key,
    async (path: string) => {
      const page = await apiRequest<ProductView[]>(path);
      return { items: page.data, nextCursor: (page.next_cursor as string | null) ?? null };
    },
    { keepPreviousData: true },
  );
}

export function useProduct(id: string | null) {
  return useSWR<ProductView, ApiClientError>(id ? `${PRODUCTS_PATH}/${encodeURIComponent(id)}` : null, fetcher);
}

export function useProductContent(id: string | null) {
  return useSWR<ProductContentItem[], ApiClientError>(
    id ? `${PRODUCTS_PATH}/${encodeURIComponent(id)}/content` : null,
    fetcher,
  );
}

async function refreshProducts(): Promise<void> {
  await globalMutate(isProductsKey);
}

export async function createProduct(input: ProductInput): Promise<ProductView> {
  const p = await apiFetch<ProductView>(PRODUCTS_PATH, { method: "POST", body: input });
  await refreshProducts();
  return p;
}

export async function updateProduct(id: string, patch: ProductPatch): Promise<ProductView> {
  const p = await apiFetch<ProductView>(`${PRODUCTS_PATH}/${encodeURIComponent(id)}`, { method: "PATCH", body: patch });
  await refreshProducts();
  return p;
}

export async function deleteProduct(id: string): Promise<void> {
  await apiRequest<null>(`${PRODUCTS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" });
  await refreshProducts();
}

export function extractLink(url: string, signal?: AbortSignal): Promise<ExtractedPage> {
  return apiFetch<ExtractedPage>("/api/v1/links/extract", { method: "POST", body: { url }, signal });
}

export type LinkVideoSettings = Omit<CreateVideoInput, "brief"> & { brief?: string };

export async function createLinkVideo(body: {
  facts: ProductFacts;
  video: LinkVideoSettings;
  product_id?: string;
}): Promise<{ product_id: string; video: VideoView }> {
  const made = await announceWork(
    apiFetch<{ product_id: string; video: VideoView }>("/api/v1/links/video", {
      method: "POST",
      body,
    }),
  );
  await refreshProducts();
  return made;
}
