/**
 * A separate process for the embedded driver's multi-process tests (run with
 * tsx): `write <file>` commits documents forever, printing each id once its
 * commit returned; `claim <file> <worker>` runs 5 concurrent job claims and
 * prints the claimed ids as JSON.
 */
import { Db } from "@/lib/platform/db/db";
import { content, coreCollections } from "@/lib/platform/db/collections";
import { claimJob } from "@/lib/platform/jobs/queue";
import { EmbeddedDriver } from "../embedded-driver";

async function main() {
  const [mode, file, worker = "w"] = process.argv.slice(2);
  const db = new Db(new EmbeddedDriver({ file: file!, collections: coreCollections }), coreCollections);
  if (mode === "write") {
    const blob = "x".repeat(2000);
    for (let i = 0; ; i++) {
      const id = `d${i}`;
      await db
        .collection(content)
        .doc(id)
        .set({
          owner_id: "u1",
          kind: "image",
          title: `doc ${i}`,
          status: "ready",
          visibility: "private",
          settings: { i, blob },
          blobs: { original: null, thumbnail: null, poster: null },
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        });
      process.stdout.write(`${id}\n`);
      // The driver's promises settle without I/O; yield so stdout actually flushes.
      await new Promise((r) => setImmediate(r));
    }
  }
  if (mode === "claim") {
    const claims = await Promise.all(
      Array.from({ length: 5 }, (_, i) => claimJob(db, { workerId: `${worker}-${i}`, leaseMs: 60_000 })),
    );
    process.stdout.write(JSON.stringify(claims.filter((c) => c).map((c) => c!.id)));
    await db.close();
  }
}

void main();
