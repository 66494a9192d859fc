/** The ready accounts of the embedded default; the e2e fixtures use them too. */
export const SEED_ACCOUNTS = {
  user: {
    uid: "seed-user",
    email: "user@example.com",
    password: "promptframe-user",
    name: "Uma User",
    emailVerified: true,
  },
  staff: {
    uid: "seed-staff",
    email: "staff@promptframe.ai",
    password: "promptframe-staff",
    name: "Sam Staff",
    emailVerified: true,
  },
} as const;
