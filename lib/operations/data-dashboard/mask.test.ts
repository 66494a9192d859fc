import { MASK } from "./contract";
import { maskDocument, maskedPaths, restoreMasked } from "./mask";
import { isSensitivePath } from "./sensitive";

describe("sensitive values", () => {
  it("masks declared fields and any field named like a secret, at any depth, but not token counts", () => {
    expect(isSensitivePath("billing_accounts", "stripe_customer_id")).toBe(true);
    expect(isSensitivePath("webhooks", "config.signing_secret")).toBe(true);
    expect(isSensitivePath("clients", "api_key")).toBe(true);
    expect(isSensitivePath("function_calls", "input_tokens")).toBe(false);
    expect(isSensitivePath("vibes", "name")).toBe(false);
    const doc = { name: "n", webhook: { url: "https://x", secret: "s3cr3t" }, access_token: null };
    expect(maskDocument("clients", doc)).toEqual({
      name: "n",
      webhook: { url: "https://x", secret: MASK },
      access_token: null,
    });
    expect(maskedPaths("clients", doc)).toEqual(["webhook.secret"]);
  });

  it("says a secret changed without showing either value", () => {
    const before = { api_key: "old" };
    expect(maskDocument("clients", { api_key: "new" }, before)).toEqual({ api_key: `${MASK} (changed)` });
    expect(maskDocument("clients", { api_key: "old" }, before)).toEqual({ api_key: MASK });
  });

  it("puts the stored secret back where the mask came back, and refuses the mask as a new value", () => {
    const stored = { api_key: "k1", note: "x", other_token: null };
    expect(restoreMasked("clients", { api_key: MASK, note: "y" }, stored)).toEqual({
      data: { api_key: "k1", note: "y" },
      refused: [],
    });
    expect(restoreMasked("clients", { api_key: "k2" }, stored).data.api_key).toBe("k2");
    expect(restoreMasked("clients", { other_token: MASK, note: MASK }, stored).refused.sort()).toEqual([
      "note",
      "other_token",
    ]);
    expect(restoreMasked("clients", { api_key: MASK }, null).refused).toEqual(["api_key"]);
  });
});
