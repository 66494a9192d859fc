/** The AI layer: image models (local preview + providers through the AI SDK) and one way to call them. */
export { generateImages, type GenerateImagesRequest, type GenerateImagesResult } from "./generate";
export { AiError, toAiError, type AiErrorCode } from "./errors";
export {
  defaultModelId,
  getImageModel,
  listImageModels,
  IMAGE_MODELS,
  LOCAL_MODEL_ID,
  type ImageModelInfo,
} from "./models";
export { createLocalPreviewModel } from "./local-preview-model";
export { ASPECT_RATIOS, sizeForAspectRatio, type AspectRatio } from "./aspect-ratios";
