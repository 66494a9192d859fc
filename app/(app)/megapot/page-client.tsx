"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { Plus } from "lucide-react";

import { BatchList } from "@/components/batches/batch-list";
import { BatchView } from "@/components/batches/batch-view";
import { NewBatchForm } from "@/components/batches/new-batch-form";
import { Button } from "@/components/ui/button";

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** /megapot: a new batch, or the batch named by ?batch= (so a reload keeps it), and the recent ones. */
export function MegapotClient() {
  const router = useRouter();
  const param = useSearchParams().get("batch");
  const batchId = param && ID.test(param) ? param : null;
  return (
    <div className="space-y-10">
      {batchId ? (
        <>
          <Button variant="outline" size="sm" onClick={() => router.push("/megapot")}>
            <Plus />
            New batch
          </Button>
          <BatchView key={batchId} id={batchId} />
        </>
      ) : (
        <NewBatchForm onStarted={(b) => router.push(`/megapot?batch=${encodeURIComponent(b.id)}`)} />
      )}
      <section aria-labelledby="recent-batches" className="space-y-3">
        <h2 id="recent-batches" className="text-base font-semibold">
          Recent batches
        </h2>
        <BatchList current={batchId} />
      </section>
    </div>
  );
}
