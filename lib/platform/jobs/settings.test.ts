/** The queue engine's settings: the driver by configuration, its bounds, and bullmq refused without REDIS_URL. */
import { queueSettings } from "./settings";

it("defaults to the embedded driver; bullmq needs a redis:// REDIS_URL; numbers out of bounds count as unset", () => {
  expect(queueSettings({})).toEqual({
    driver: "embedded",
    redisUrl: null,
    ownerMaxRunning: undefined,
    reconcileMs: 60_000,
    blockMs: 5000,
  });
  expect(
    queueSettings({
      QUEUE_DRIVER: "bullmq",
      REDIS_URL: "redis://cache:6379",
      JOB_OWNER_MAX_RUNNING: "3",
      JOB_RECONCILE_MS: "5000",
      QUEUE_BLOCK_MS: "250",
    }),
  ).toEqual({ driver: "bullmq", redisUrl: "redis://cache:6379", ownerMaxRunning: 3, reconcileMs: 5000, blockMs: 250 });
  expect(queueSettings({ JOB_OWNER_MAX_RUNNING: "0", JOB_RECONCILE_MS: "10", QUEUE_BLOCK_MS: "99999" })).toMatchObject({
    ownerMaxRunning: undefined,
    reconcileMs: 60_000,
    blockMs: 5000,
  });
  expect(() => queueSettings({ QUEUE_DRIVER: "bullmq" })).toThrow(/needs REDIS_URL/);
  expect(() => queueSettings({ QUEUE_DRIVER: "kafka" })).toThrow(/embedded or bullmq/);
  expect(() => queueSettings({ QUEUE_DRIVER: "bullmq", REDIS_URL: "http://x" })).toThrow(/redis:\/\//);
});
