/** GET /api/v1/images/models — the model picker: every known model, whether it is configured, and its price. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import type { ModelsResponse } from "@/lib/media/images/contract";
import { withUser } from "@/lib/access/auth/server/with-user";
import { defaultModelId, listImageModels } from "@/lib/platform/ai";
import { costPerImage } from "@/lib/money/credits/pricing";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ user }) => {
    // Customers see only the models that work here; staff also see the others with why they are off (the missing key).
    const data: ModelsResponse = {
      models: listImageModels()
        .filter((m) => m.enabled || user.isStaff)
        .map((m) => ({
          id: m.id,
          label: m.label,
          provider: m.provider,
          enabled: m.enabled,
          supports_edit: m.supportsEdit,
          max_images_per_call: m.maxImagesPerCall,
          credits_per_image: costPerImage(m),
          note: m.note ?? null,
        })),
      default_model_id: defaultModelId(),
    };
    return Response.json({ data });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
