/**
 * The document-store contract: the same cases on every driver target (see
 * targets.ts). Run/skipped counts per driver are printed at the end.
 */
import type { Db } from "@/lib/platform/db/db";
import { printCounts, type CaseContext } from "./harness";
import { contractTargets } from "./targets";
import { crudCases } from "./crud-cases";
import { queryCases } from "./query-cases";
import { txCases } from "./tx-cases";

const savedEmulatorHost = process.env.FIRESTORE_EMULATOR_HOST;
const targets = contractTargets();

afterAll(() => {
  printCounts();
  if (savedEmulatorHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = savedEmulatorHost;
});

describe.each(targets.map((t) => [t.name, t] as const))("db contract on %s", (_name, target) => {
  let db: Db;
  const ctx: CaseContext = { target, db: () => db };

  beforeAll(() => target.start(), 30_000);
  afterAll(() => target.stop());
  beforeEach(async () => {
    db = await target.fresh();
  });

  crudCases(ctx);
  queryCases(ctx);
  txCases(ctx);
});
