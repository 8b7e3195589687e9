// The app Worker's side of the runners' notices (ADR 081): asks the generator Worker, through its
// service binding, for the marks of the waited-for ads' runners — at once, or once one of them
// changes. `null` means no notice is to be had now (the generator failed or answered something
// else); the wait then reads D1 at its own pace.
import { adNoticesAnswerSchema, AD_NOTICES_PATH, type AdNoticesRequest } from "../../queue/ad-notices";

export type RunnerNotices = (request: AdNoticesRequest, signal: AbortSignal) => Promise<string[] | null>;

export function runnerNotices(generator: Pick<Fetcher, "fetch">): RunnerNotices {
  return async (request, signal) => {
    try {
      const response = await generator.fetch(`https://generator.internal${AD_NOTICES_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request),
        signal,
      });
      if (!response.ok) return null;
      const answer = adNoticesAnswerSchema.safeParse(await response.json());
      return answer.success && answer.data.marks.length === request.ids.length ? answer.data.marks : null;
    } catch {
      return null;
    }
  };
}
