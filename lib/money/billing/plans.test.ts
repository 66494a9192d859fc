/** The plan table is data the screen, the limits and the grants all read: pin what users are promised. */
import {
  cheapestPlanAbove,
  CREDIT_PACKS,
  durationLabel,
  PLAN_IDS,
  PLANS,
  planLimits,
  planRank,
  priceLabel,
  resolutionLabel,
} from "./plans";

test("free, pro and team in order, each dearer plan giving more of everything", () => {
  expect(PLAN_IDS).toEqual(["free", "pro", "team"]);
  expect(PLAN_IDS.map((p) => [PLANS[p].monthlyPriceCents, PLANS[p].monthlyCredits])).toEqual([
    [0, 100],
    [1900, 2000],
    [7900, 10000],
  ]);
  for (const [a, b] of [
    ["free", "pro"],
    ["pro", "team"],
  ] as const) {
    expect(planRank(b)).toBeGreaterThan(planRank(a));
    const [la, lb] = [planLimits(a), planLimits(b)];
    expect(lb.concurrentJobs).toBeGreaterThan(la.concurrentJobs);
    expect(lb.maxVideoSeconds).toBeGreaterThan(la.maxVideoSeconds);
    expect(lb.maxResolution).toBeGreaterThan(la.maxResolution);
  }
});

test("the free plan keeps the cap of 3 jobs and is the only one with a watermark", () => {
  expect(planLimits("free")).toEqual({ concurrentJobs: 3, maxVideoSeconds: 30, maxResolution: 720, watermark: true });
  expect(planLimits("pro").watermark).toBe(false);
  expect(planLimits("team").watermark).toBe(false);
});

test("the cheapest plan that lifts a limit, or none", () => {
  expect(cheapestPlanAbove("free", (l) => l.maxVideoSeconds >= 60)?.id).toBe("pro");
  expect(cheapestPlanAbove("free", (l) => l.maxResolution >= 2160)?.id).toBe("team");
  expect(cheapestPlanAbove("pro", (l) => l.maxVideoSeconds >= 100)?.id).toBe("team");
  expect(cheapestPlanAbove("team", () => true)).toBeNull();
  expect(cheapestPlanAbove("free", (l) => l.maxVideoSeconds >= 3600)).toBeNull();
});

test("labels read the way people say them", () => {
  expect([durationLabel(30), durationLabel(180), durationLabel(60), durationLabel(90)]).toEqual([
    "30 seconds",
    "3 minutes",
    "1 minute",
    "90 seconds",
  ]);
  expect([resolutionLabel(720), resolutionLabel(1080), resolutionLabel(2160)]).toEqual(["720p", "1080p", "4K"]);
  expect([priceLabel(0), priceLabel(1900), priceLabel(999)]).toEqual(["$0", "$19", "$9.99"]);
  expect(CREDIT_PACKS.credits_500).toMatchObject({ credits: 500, priceCents: 1000 });
});
