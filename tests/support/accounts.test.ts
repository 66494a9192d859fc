/** Each Playwright worker's own seed accounts: distinct per worker, the staff one still staff, Jest's the plain seed. */
import { isStaff } from "@/lib/access/auth/staff";
import { seedAccount } from "./accounts";
import { SEED_ACCOUNTS } from "./seed-accounts";

const saved = process.env.TEST_PARALLEL_INDEX;
afterEach(() => {
  if (saved === undefined) delete process.env.TEST_PARALLEL_INDEX;
  else process.env.TEST_PARALLEL_INDEX = saved;
});

function inWorker(index: string) {
  process.env.TEST_PARALLEL_INDEX = index;
  return { user: seedAccount("user"), staff: seedAccount("staff") };
}

it("outside Playwright the seed accounts are the plain ones", () => {
  delete process.env.TEST_PARALLEL_INDEX;
  expect(seedAccount("user")).toEqual(SEED_ACCOUNTS.user);
  expect(seedAccount("staff")).toEqual(SEED_ACCOUNTS.staff);
});

it("gives each worker its own uid and address, with the seed's name and password", () => {
  const w0 = inWorker("0");
  const w1 = inWorker("1");
  expect(w0.user).toEqual({ ...SEED_ACCOUNTS.user, uid: "seed-user-w0", email: "user-w0@example.com" });
  expect(w1.staff).toEqual({ ...SEED_ACCOUNTS.staff, uid: "seed-staff-w1", email: "staff-w1@promptframe.ai" });
  const all = [w0.user, w0.staff, w1.user, w1.staff];
  expect(new Set(all.map((a) => a.uid)).size).toBe(4);
  expect(new Set(all.map((a) => a.email)).size).toBe(4);
});

it("keeps the staff account on the company domain (staff) and the user account off it", () => {
  const { user, staff } = inWorker("1");
  expect(isStaff({ email: staff.email, emailVerified: staff.emailVerified }, ["promptframe.ai"])).toBe(true);
  expect(isStaff({ email: user.email, emailVerified: user.emailVerified }, ["promptframe.ai"])).toBe(false);
});
