"use client";

import { useDeferredValue, useId, useState } from "react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Link2, Package, Plus, Search } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { createProduct, useProducts } from "@/lib/client/hooks/use-products";
import { ProductForm } from "./product-form";
import { formatPrice, ProductPanel } from "./product-panel";

/** /product: the catalogue (search, grid, new product) and the product opened by ?id=. */
export function Catalogue() {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const openId = params.get("id");
  const [q, setQ] = useState("");
  const query = useDeferredValue(q);
  const [creating, setCreating] = useState(false);
  const products = useProducts(query);

  const open = (productId: string | null) =>
    router.push(productId ? `${pathname}?id=${encodeURIComponent(productId)}` : pathname, { scroll: false });

  const items = products.data?.items ?? [];
  const empty = products.data && items.length === 0 && !query.trim();

  return (
    <div className="space-y-6">
      {openId ? <ProductPanel key={openId} id={openId} onClose={() => open(null)} /> : null}

      {creating ? (
        <section aria-labelledby={`${id}-new`} className="space-y-4 rounded-xl border p-4 sm:p-6">
          <h2 id={`${id}-new`} className="text-lg font-semibold">
            New product
          </h2>
          <ProductForm
            initial={null}
            submitLabel="Save product"
            onCancel={() => setCreating(false)}
            onSubmit={async (input) => {
              const made = await createProduct(input);
              setCreating(false);
              open(made.id);
            }}
          />
        </section>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-xs">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search products by name"
            placeholder="Search products"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="pl-8"
          />
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link href="/url-to-video">
              <Link2 />
              From a link
            </Link>
          </Button>
          <Button onClick={() => setCreating(true)} disabled={creating}>
            <Plus />
            New product
          </Button>
        </div>
      </div>

      {products.error && !products.data ? (
        <p role="alert" className="text-sm text-destructive">
          {products.error.message}{" "}
          <Button variant="link" size="sm" onClick={() => void products.mutate()}>
            Try again
          </Button>
        </p>
      ) : null}

      {!products.data && !products.error ? (
        <div role="status" aria-busy="true" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          <span className="sr-only">Loading your products</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/5] rounded-xl" />
          ))}
        </div>
      ) : null}

      {empty && !creating ? (
        <EmptyState
          icon={Package}
          heading="No products yet"
          primaryAction={{ label: "Turn a product page into a video", href: "/url-to-video" }}
          extra={
            <Button variant="outline" onClick={() => setCreating(true)}>
              Add a product by hand
            </Button>
          }
        >
          Products you sell appear here with the videos, images and designs made from them. Start from a product
          page&apos;s link, or add one by hand.
        </EmptyState>
      ) : null}

      {products.data && items.length === 0 && query.trim() ? (
        <p className="text-sm text-muted-foreground">No product name starts with “{query.trim()}”.</p>
      ) : null}

      {items.length > 0 ? (
        <ul aria-label="Products" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((p) => (
            <li key={p.id}>
              <Link
                href={`${pathname}?id=${encodeURIComponent(p.id)}`}
                scroll={false}
                aria-current={openId === p.id ? "true" : undefined}
                className="block overflow-hidden rounded-xl border transition-colors hover:bg-muted/40 focus-visible:ring-2 aria-[current=true]:ring-2 aria-[current=true]:ring-primary"
              >
                {p.images[0] ? (
                  // eslint-disable-next-line @next/next/no-img-element -- signed blob URLs
                  <img src={p.images[0].thumbnail_url} alt="" className="aspect-square w-full bg-muted object-cover" />
                ) : (
                  <div className="flex aspect-square items-center justify-center bg-muted">
                    <Package aria-hidden="true" className="size-8 text-muted-foreground" />
                  </div>
                )}
                <div className="space-y-0.5 p-3">
                  <p className="truncate font-medium">{p.name}</p>
                  <p className="text-sm text-muted-foreground">{formatPrice(p) ?? "No price"}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
