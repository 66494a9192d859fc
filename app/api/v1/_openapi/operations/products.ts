/** The public product and link operations (app/api/v1/products/**, links/**). */
import { z } from "zod";
import {
  productContentItemSchema,
  productInputSchema,
  productPatchSchema,
  productViewSchema,
} from "@/lib/creation/products/contract";
import { createVideoInputSchema, videoViewSchema } from "@/lib/creation/video/contract";
import { extractedPageSchema, productFactsSchema } from "@/lib/creation/links/contract";
import type { ApiOperation } from "@/lib/platform/api/openapi";
import { data, page, param } from "../shared";

const tag = "Products";
const id = { id: param("The product's id.", "PRODUCT_ID") };

export const productOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/products",
    tag,
    scope: "read",
    operationId: "listProducts",
    summary: "List my products",
    description: "`q` matches the start of the name, case-insensitive.",
    query: z.object({
      q: z.string().max(200).optional(),
      cursor: z.string().max(128).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
    success: [{ status: 200, description: "A page of products.", json: page(productViewSchema) }],
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/api/v1/products",
    tag,
    scope: "create",
    operationId: "createProduct",
    summary: "Add a product",
    body: productInputSchema,
    example: { body: { name: "Morning Roast 250 g", price: "12.50", currency: "EUR", points: ["Roasted to order"] } },
    success: [{ status: 201, description: "The product.", json: data(productViewSchema) }],
    errors: ["unprocessable_entity", "not_found", "conflict"],
  },
  {
    method: "get",
    path: "/api/v1/products/{id}",
    tag,
    scope: "read",
    operationId: "getProduct",
    summary: "Get a product",
    params: id,
    success: [{ status: 200, description: "The product.", json: data(productViewSchema) }],
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/api/v1/products/{id}",
    tag,
    scope: "create",
    operationId: "editProduct",
    summary: "Edit a product",
    description: "Only the fields sent change.",
    params: id,
    body: productPatchSchema,
    example: { body: { price: "11.90" } },
    success: [{ status: 200, description: "The product.", json: data(productViewSchema) }],
    errors: ["not_found", "unprocessable_entity"],
  },
  {
    method: "delete",
    path: "/api/v1/products/{id}",
    tag,
    scope: "delete",
    operationId: "deleteProduct",
    summary: "Delete a product",
    description: "What was made from it stays.",
    params: id,
    success: [{ status: 204, description: "Deleted." }],
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v1/products/{id}/content",
    tag,
    scope: "read",
    operationId: "listProductContent",
    summary: "What was made from a product",
    description: "Videos, images and designs, newest first.",
    params: id,
    success: [{ status: 200, description: "The items.", json: data(z.array(productContentItemSchema)) }],
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v1/links/extract",
    tag: "Links",
    scope: "read",
    operationId: "extractLink",
    summary: "Read a product page",
    description: "Fetches a public web page and reads the product on it: name, price, points, pictures.",
    body: z.object({ url: z.string().trim().min(1).max(2048) }),
    example: { body: { url: "https://example.com/products/morning-roast" } },
    success: [
      {
        status: 200,
        description: "What the page says.",
        json: data(extractedPageSchema),
      },
    ],
    errors: ["unprocessable_entity", "service_unavailable"],
  },
  {
    method: "post",
    path: "/api/v1/links/video",
    tag: "Links",
    scope: "create",
    alsoNeeds: { scope: "render", when: "`video.render_now` is true" },
    operationId: "createProductVideo",
    summary: "Make a video from product facts",
    description:
      "Saves the product (or updates `product_id`) and writes a video about it. `facts` as read by Read a product page (or typed in); `video` as in Make a video, without the brief.",
    body: z.object({
      facts: productFactsSchema,
      video: createVideoInputSchema.omit({ brief: true }),
      product_id: z.string().trim().min(1).max(128).optional(),
    }),
    example: {
      body: {
        facts: {
          name: "Morning Roast 250 g",
          description: "Roasted the morning it ships.",
          points: [],
          image_urls: [],
        },
        video: {
          aspect_ratio: "9:16",
          length_s: 15,
          template_id: null,
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      },
    },
    success: [
      {
        status: 201,
        description: "The product's id and the new video.",
        json: data(z.object({ product_id: z.string(), video: videoViewSchema })),
      },
    ],
    errors: ["unprocessable_entity", "not_found", "payment_required", "plan_limit", "service_unavailable"],
  },
];
