/**
 * The drivers the contract suite runs against. Each target lists the known
 * gaps of its backend (case tag -> reason); a tagged case is skipped on that
 * target only, with the reason printed.
 *  - embedded: always.
 *  - firestore-fake: `@firestore-emulator/server`, started here in-process (Node gRPC, no Java).
 *  - firestore-emulator: the official emulator, when FIRESTORE_EMULATOR_HOST points at one; no gaps.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Firestore } from "firebase-admin/firestore";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { FirestoreDriver } from "@/lib/platform/db/firestore/firestore-driver";
import { contractCollections } from "./fixtures";
import { freePort } from "../support/free-port";

export type Gap =
  | "cursors"
  | "isolation"
  | "list-collections"
  | "batch-atomicity"
  | "null-filters"
  | "mixed-number-order"
  | "id-order";

export interface Target {
  name: string;
  gaps: Partial<Record<Gap, string>>;
  start(): Promise<void>;
  /** A database with no documents in it. */
  fresh(): Promise<Db>;
  /** Writes a document bypassing every schema (to plant malformed data). */
  writeRaw(docPath: string, data: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

function embeddedTarget(): Target {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-contract-"));
  let n = 0;
  let current: { db: Db; driver: EmbeddedDriver } | null = null;
  return {
    name: "embedded",
    gaps: {},
    async start() {},
    async fresh() {
      await current?.db.close();
      const driver = new EmbeddedDriver({ file: path.join(dir, `db-${++n}.sqlite`), collections: contractCollections });
      current = { db: new Db(driver, contractCollections), driver };
      return current.db;
    },
    async writeRaw(docPath, data) {
      const parts = docPath.split("/");
      const id = parts.pop()!;
      const name = parts.pop()!;
      current!.driver.sqlite
        .prepare(`INSERT OR REPLACE INTO "c_${name}" (parent, id, data, version) VALUES (?, ?, ?, 1)`)
        .run(parts.join("/"), id, JSON.stringify(data));
    },
    async stop() {
      await current?.db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function firestoreTarget(opts: { name: string; gaps: Target["gaps"]; host?: string }): Target {
  let server: { stop(): void; state: { clear(): void } } | null = null;
  let firestore: Firestore | null = null;
  let host = opts.host ?? "";
  const projectId = `demo-contract-${process.pid}`;
  return {
    name: opts.name,
    gaps: opts.gaps,
    async start() {
      if (!opts.host) {
        const { FirestoreServer } = await import("@firestore-emulator/server");
        const s = new FirestoreServer();
        const port = await freePort();
        await s.start(port);
        server = s;
        host = `127.0.0.1:${port}`;
      }
      // The SDK skips Google auth only when this variable names the emulator.
      process.env.FIRESTORE_EMULATOR_HOST = host;
      firestore = new Firestore({ projectId, ignoreUndefinedProperties: true });
    },
    async fresh() {
      if (server) server.state.clear();
      else {
        const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
          method: "DELETE",
        });
        if (!res.ok) throw new Error(`could not wipe the Firestore emulator: ${res.status}`);
      }
      // close() is a no-op here: one client serves every case and stop() ends it.
      return new Db(new FirestoreDriver(firestore!, async () => {}), contractCollections);
    },
    async writeRaw(docPath, data) {
      await firestore!.doc(docPath).set(data);
    },
    async stop() {
      await firestore?.terminate();
      server?.stop();
    },
  };
}

export function contractTargets(): Target[] {
  const targets = [embeddedTarget()];
  const realEmulator = process.env.FIRESTORE_EMULATOR_HOST;
  targets.push(
    firestoreTarget({
      name: "firestore-fake",
      gaps: {
        cursors: "@firestore-emulator/server ignores startAfter/startAt cursors (MACHINE-NOTES.md)",
        isolation:
          "@firestore-emulator/server does not isolate transactions: 10 parallel increments end at 1 (MACHINE-NOTES.md)",
        "list-collections": "@firestore-emulator/server does not implement listCollections (MACHINE-NOTES.md)",
        // Found by this suite and confirmed with the bare admin SDK (not yet in MACHINE-NOTES.md):
        "batch-atomicity": "@firestore-emulator/server applies a batch's earlier writes when a later one fails",
        "null-filters":
          "@firestore-emulator/server ignores where(field, ==/!=, null) (IS_NULL unary filters) and returns every document",
        "mixed-number-order": "@firestore-emulator/server does not order integers and doubles together",
        "id-order": "@firestore-emulator/server breaks orderBy ties by insertion order, not by document id",
      },
    }),
  );
  if (realEmulator) targets.push(firestoreTarget({ name: "firestore-emulator", gaps: {}, host: realEmulator }));
  return targets;
}
