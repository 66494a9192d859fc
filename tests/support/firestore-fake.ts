/**
 * The in-process Firestore stand-in (@firestore-emulator/server, as the db
 * contract suite uses) with a Db over the given collections. It does not
 * isolate transactions (tests/contract/targets.ts): use it sequentially.
 */
import { Firestore } from "firebase-admin/firestore";
import type { AnyCollectionDef } from "@/lib/platform/db/define";
import { Db } from "@/lib/platform/db/db";
import { FirestoreDriver } from "@/lib/platform/db/firestore/firestore-driver";
import { freePort } from "./free-port";

export interface FirestoreFake {
  db: Db;
  stop(): Promise<void>;
}

export async function startFirestoreFake(collections: readonly AnyCollectionDef[]): Promise<FirestoreFake> {
  const { FirestoreServer } = await import("@firestore-emulator/server");
  const server = new FirestoreServer();
  const port = await freePort();
  await server.start(port);
  const before = process.env.FIRESTORE_EMULATOR_HOST;
  // The SDK skips Google auth only when this variable names the emulator.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const firestore = new Firestore({ projectId: `demo-fake-${process.pid}-${port}`, ignoreUndefinedProperties: true });
  return {
    db: new Db(new FirestoreDriver(firestore, async () => {}), collections),
    async stop() {
      await firestore.terminate();
      server.stop();
      if (before === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = before;
    },
  };
}
