"use client";
/**
 * Editing a template's draft on the style and animation screens: a local
 * copy of the draft body that previews show at once, saved with the
 * revision it was loaded at (a 409 says who moved it and keeps the edits on
 * screen), and the error of the last save.
 */
import { useEffect, useState } from "react";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import type { DraftPatchInput, TemplateDetail } from "@/lib/studio/templates/contract";
import { saveDraft, useStudioTemplate } from "@/lib/client/hooks/use-studio-templates";
import type { ApiClientError } from "@/lib/client/api";

export function useTemplateEdit(id: string) {
  const swr = useStudioTemplate(id);
  const [body, setBody] = useState<TemplateVersionBody | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (swr.data && !dirty) setBody(swr.data.draft.body);
  }, [swr.data, dirty]);

  function edit(change: (b: TemplateVersionBody) => TemplateVersionBody) {
    setBody((b) => (b ? change(b) : b));
    setDirty(true);
    setSaveError(null);
  }

  async function save(pick: (b: TemplateVersionBody) => Omit<DraftPatchInput, "revision">) {
    if (!swr.data || !body) return;
    setSaving(true);
    setSaveError(null);
    try {
      const next: TemplateDetail = await saveDraft(id, { revision: swr.data.template.revision, ...pick(body) });
      await swr.mutate(next, { revalidate: false });
      setDirty(false);
      setSavedAt(Date.now());
    } catch (e) {
      setSaveError((e as ApiClientError).message ?? "The changes could not be saved.");
    } finally {
      setSaving(false);
    }
  }

  function reset() {
    setDirty(false);
    if (swr.data) setBody(swr.data.draft.body);
  }

  return { ...swr, body, dirty, saving, saveError, savedAt, edit, save, reset };
}
