"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePromptsOverview } from "@/lib/client/hooks/use-prompt-testing";
import { NewRunForm } from "./new-run-form";
import { PromptEditor } from "./prompt-editor";
import { RunList } from "./run-list";
import { SuiteEditor } from "./suite-editor";

/** /automated-prompts-testing: start a run, the runs, the suites, the prompts and their versions. */
export function PromptsScreen() {
  const { data, error, isLoading } = usePromptsOverview();
  return (
    <div className="space-y-8">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Start a run</CardTitle>
            <CardDescription>A suite&apos;s cases × prompt versions × models, on the job queue.</CardDescription>
          </CardHeader>
          <CardContent>
            {data ? (
              <NewRunForm overview={data} />
            ) : error ? (
              <p role="alert" className="text-sm text-destructive">
                {error.message}
              </p>
            ) : (
              <Skeleton className="h-40 w-full" />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Runs</CardTitle>
            <CardDescription>Newest first. Open one for its matrix.</CardDescription>
          </CardHeader>
          <CardContent>
            <RunList />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Suites</CardTitle>
          <CardDescription>
            Cases with their inputs and assertions. A suite that does not validate is not saved.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading ? <Skeleton className="h-40 w-full" /> : data ? <SuiteEditor suites={data.suites} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Prompts</CardTitle>
          <CardDescription>
            The product&apos;s own prompts. Versions never change; saving makes a new current version that the product
            uses.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading ? <Skeleton className="h-40 w-full" /> : data ? <PromptEditor prompts={data.prompts} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
