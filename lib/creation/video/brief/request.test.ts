import { VIDEO_LENGTHS } from "@/lib/creation/video/contract";
import { briefDefaults, nearestLength, readRequestWords } from "./request";

describe("the request part of a brief", () => {
  it("separates what is asked for from what the video is about", () => {
    const r = readRequestWords(
      "A 20-second upbeat ad for a reusable steel water bottle that keeps drinks cold for 24 hours",
    );
    expect(r).toMatchObject({
      length_s: 20,
      tone: "upbeat",
      mood: "energetic",
      format: "ad",
      subject: "A reusable steel water bottle that keeps drinks cold for 24 hours",
    });
    expect(r.removed).toEqual(["A 20-second upbeat ad for"]);
  });

  it("reads lengths written many ways, platforms, explainers and request-only sentences", () => {
    expect(readRequestWords("Instagram reel for our bakery's new sourdough, 15 seconds, upbeat.")).toMatchObject({
      length_s: 15,
      platform: "instagram",
      tone: "upbeat",
      subject: "Our bakery's new sourdough.",
    });
    expect(
      readRequestWords("Make a video explaining how compound interest works. Keep it calm and under one minute."),
    ).toMatchObject({ length_s: 60, tone: "calm", explainer: true, subject: "How compound interest works." });
    expect(readRequestWords("Create a 30s TikTok ad to promote our summer sale: 20% off.")).toMatchObject({
      length_s: 30,
      platform: "tiktok",
      subject: "Our summer sale: 20% off.",
    });
    // An order to us about the requester's own thing: the verb is the request, the rest the subject.
    expect(readRequestWords("Promote our neighbourhood bakery Crumb & Co: sourdough from 7am.").subject).toBe(
      "Our neighbourhood bakery Crumb & Co: sourdough from 7am.",
    );
    expect(readRequestWords("Showcase my new app, Sprout.").subject).toBe("My new app, Sprout.");
    // A verb that opens ad copy stays copy.
    expect(readRequestWords("Celebrate summer with our new sorbets.").subject).toBe(
      "Celebrate summer with our new sorbets.",
    );
    expect(readRequestWords("A one-minute explainer about our SaaS for finance teams.").length_s).toBe(60);
    expect(readRequestWords("A 45 sec promo for Lumo.").length_s).toBe(45);
    expect(readRequestWords("Un anuncio de 20 segundos para nuestra panadería.").length_s).toBe(20);
  });

  it("leaves a brief with no request alone, tone words in the subject included", () => {
    const r = readRequestWords("Calm yoga studio in Lisbon opens Saturday. Classes take 60 minutes.");
    expect(r).toMatchObject({
      length_s: null,
      tone: null,
      subject: "Calm yoga studio in Lisbon opens Saturday. Classes take 60 minutes.",
      removed: [],
    });
    // A duration that is a fact of the subject is not the video's length.
    expect(readRequestWords("Ready in 10 minutes: our pasta kit.").length_s).toBeNull();
  });

  it("pre-fills the form with the nearest allowed length and the mood", () => {
    expect(briefDefaults("A 20-second upbeat ad for a bottle", VIDEO_LENGTHS)).toEqual({
      length_s: 20,
      mood: "energetic",
      tone: "upbeat",
    });
    expect(briefDefaults("A 90-second calm video for a spa", VIDEO_LENGTHS)).toEqual({
      length_s: 60,
      mood: "calm",
      tone: "calm",
    });
    expect(briefDefaults("Fresh bread every morning", VIDEO_LENGTHS)).toEqual({
      length_s: null,
      mood: null,
      tone: null,
    });
    expect(nearestLength(10, VIDEO_LENGTHS)).toBe(15);
    expect(nearestLength(25, VIDEO_LENGTHS)).toBe(30);
  });
});
