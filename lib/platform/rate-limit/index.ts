/** Rate limits: the table (limits.ts), the stores (store.ts), the caller's address (client-ip.ts) and spending a call (limit.ts). */
export { limitApiKey, limitIp, limitUser, resetRateLimits, spend, type Spent } from "./limit";
export { LIMITS, type IpLimitName, type LimitName, type UserLimitName } from "./limits";
