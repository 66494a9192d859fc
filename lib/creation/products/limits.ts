/** Limits shared by the products collection and the wire contract (browser-safe). */
export const MAX_PRODUCT_POINTS = 8;
export const MAX_PRODUCT_IMAGES = 12;
