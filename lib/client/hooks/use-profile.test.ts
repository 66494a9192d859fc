import { describe, expect, it } from "@jest/globals";
import { readProfile } from "./use-profile";

const profile = {
  user_id: "u1",
  email: "a@example.com",
  name: null,
  photo_url: null,
  provider: "password",
  is_staff: false,
  credits: 40,
  plan: "free",
  created_at: "2025-01-01T00:00:00.000Z",
  last_login_at: "2025-01-02T00:00:00.000Z",
};

describe("readProfile", () => {
  it("reads a profile and drops fields it does not know", () => {
    expect(readProfile({ ...profile, extra: "x" })).toEqual(profile);
  });

  it("refuses anything that is not a profile", () => {
    expect(readProfile(null)).toBeNull();
    expect(readProfile([profile])).toBeNull();
    expect(readProfile({ ...profile, user_id: "" })).toBeNull();
    expect(readProfile({ ...profile, email: undefined })).toBeNull();
    expect(readProfile({ ...profile, credits: "40" })).toBeNull();
    expect(readProfile({ ...profile, plan: "enterprise" })).toBeNull();
    expect(readProfile({ ...profile, is_staff: "false" })).toBeNull();
  });
});
