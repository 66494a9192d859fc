/**
 * What one image costs, in credits. Data, so product can retune it without
 * touching the debit logic: a model's own price wins, then its provider's,
 * then the default (an unknown paid provider should never be cheap by accident).
 */
export const DEFAULT_COST_PER_IMAGE = 5;

/** Local preview is nearly free to run; paid providers roughly follow their per-image price. */
export const COST_BY_PROVIDER: Readonly<Record<string, number>> = {
  local: 1,
  fal: 2,
  replicate: 2,
  google: 3,
  openai: 4,
};

export const COST_BY_MODEL: Readonly<Record<string, number>> = {
  "gpt-image-1": 6,
};

export function costPerImage(model: { id: string; provider: string }): number {
  return COST_BY_MODEL[model.id] ?? COST_BY_PROVIDER[model.provider] ?? DEFAULT_COST_PER_IMAGE;
}

/**
 * A picture generated for a scene or a design page in the editor: what one
 * image of its model costs, except that the Local preview (drawn on this
 * server, no provider bill) stays free there.
 */
export function scenePictureCost(model: { id: string; provider: string }): number {
  return model.provider === "local" ? 0 : costPerImage(model);
}
