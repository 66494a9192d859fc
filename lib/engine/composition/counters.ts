/**
 * Template and layout usage, kept by the store on every `compositions` write
 * (lib/platform/db/counters.ts), so the studio's library and dashboard read a
 * few counter documents instead of scanning the compositions.
 *  - template_use: `<template id>|<version>` -> n (compositions made with it).
 *  - template_day: `<day made>|<template id>` -> n (the dashboard's daily series).
 *  - layout_use: `<layout id>` -> n (compositions with at least one scene in it).
 */
import { defineCounter } from "@/lib/platform/db/counters";
import { compositions } from "./collections";

export const templateUseCounter = defineCounter({
  name: "template_use",
  source: compositions,
  shards: 2,
  contributions: (c) => [{ key: `${c.template.id}|${c.template.version}`, values: { n: 1 } }],
});

export const templateDayCounter = defineCounter({
  name: "template_day",
  source: compositions,
  shards: 2,
  contributions: (c) => [{ key: `${c.created_at.slice(0, 10)}|${c.template.id}`, values: { n: 1 } }],
});

export const layoutUseCounter = defineCounter({
  name: "layout_use",
  source: compositions,
  shards: 2,
  contributions: (c) => [...new Set(c.scenes.map((s) => s.layout_id))].map((id) => ({ key: id, values: { n: 1 } })),
});

export const compositionCounters = [templateUseCounter, templateDayCounter, layoutUseCounter];
