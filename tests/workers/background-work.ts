// The background work a workers test leaves behind, and the wait for it to end before the next
// test's reset() deletes the storage under it (docs/TESTING.md, "Workers tests"):
//  - what requests hand to waitUntil (worker-context.ts);
//  - queue messages not yet delivered: a marker message is sent through each queue and awaited.
//    The local queue delivers in order and one batch at a time, so once the consumer has the
//    marker, every message sent before it has been handled;
//  - queue batches and runner alarms being worked on (counted by generator-entry.ts, the test
//    entry that wraps the generator Worker's handlers);
//  - queue messages the consumer retried: waited for when they come back within the limit, else the
//    test fails, since it leaves work behind;
//  - runner alarms due now. A runner's backoff alarm (10 s and more, generator/generation/policy.ts) belongs
//    to a test that has ended: it is cancelled through the runner's storage, never waited for.
// Each kind of work can start another (a request queues a generation, whose alarm queues the
// photos' copies), so the wait repeats until one round finds nothing delivered and nothing due.
import { listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { QUEUE_MAX_RETRIES } from "~/.server/generator/generation/policy";
import { settleWorkerContexts } from "./worker-context";

/** How long a test's background work may run on after it before the test fails. */
const DRAIN_LIMIT_MS = 20_000;
/** A runner alarm due within this is work under way (an attempt starting); later ones are backoffs. */
const DUE_NOW_MS = 1_000;
const POLL_MS = 10;

type Tracker = {
  /** Handlers under way, by name. */
  running: Map<string, number>;
  /** Real messages handed to the consumer so far. */
  delivered: number;
  /** Markers the consumer has received. */
  markersSeen: Set<string>;
  /** Messages the consumer retried that have not come back yet: id → when they are due (ms since the epoch). */
  retried: Map<string, number>;
};

/** Shared through globalThis: the test entry and the setup may be evaluated as separate module instances. */
function tracker(): Tracker {
  const store = globalThis as typeof globalThis & { __backgroundWork?: Tracker };
  return (store.__backgroundWork ??= { running: new Map(), delivered: 0, markersSeen: new Set(), retried: new Map() });
}

/** Counts `work` as running background work until it settles (generator-entry.ts). */
export async function track<T>(name: string, work: () => Promise<T>): Promise<T> {
  const { running } = tracker();
  running.set(name, (running.get(name) ?? 0) + 1);
  try {
    return await work();
  } finally {
    const left = (running.get(name) ?? 1) - 1;
    if (left === 0) running.delete(name);
    else running.set(name, left);
  }
}

type DrainMarker = { drainMarker: string };

function isDrainMarker(body: unknown): body is DrainMarker {
  return typeof body === "object" && body !== null && "drainMarker" in body;
}

/**
 * The batch without the drain's markers, handed to the generator; `handle` runs it. The markers
 * count as seen once the batch they came in has been handled.
 */
export async function withoutDrainMarkers(batch: MessageBatch<unknown>, handle: (batch: MessageBatch<unknown>) => Promise<void>) {
  const state = tracker();
  const markers = batch.messages.filter((message) => isDrainMarker(message.body));
  const messages = batch.messages.filter((message) => !isDrainMarker(message.body));
  try {
    for (const marker of markers) marker.ack();
    if (messages.length === 0) return;
    state.delivered += messages.length;
    for (const message of messages) state.retried.delete(message.id);
    await handle({
      queue: batch.queue,
      metadata: batch.metadata,
      messages: messages.map((message) => withRetryNoted(message, state)),
      ackAll: () => batch.ackAll(),
      retryAll: (options) => batch.retryAll(options),
    });
  } finally {
    for (const marker of markers) state.markersSeen.add((marker.body as DrainMarker).drainMarker);
  }
}

/** The message as the consumer sees it; a retry is noted with the time it comes back into the queue. */
function withRetryNoted(message: Message<unknown>, state: Tracker): Message<unknown> {
  return {
    id: message.id,
    timestamp: message.timestamp,
    body: message.body,
    attempts: message.attempts,
    ack: () => message.ack(),
    retry: (options) => {
      // The last attempt goes to the dead-letter queue instead of coming back.
      if (message.attempts <= QUEUE_MAX_RETRIES) state.retried.set(message.id, Date.now() + (options?.delaySeconds ?? 0) * 1000);
      message.retry(options);
    },
  };
}

/** Sends a marker through both queues and waits until the consumer has had both. */
async function flushQueues(deadline: number) {
  const { markersSeen } = tracker();
  const markers = await Promise.all(
    [env.AD_QUEUE, env.IMAGES_QUEUE].map(async (queue) => {
      const drainMarker = crypto.randomUUID();
      await queue.send({ drainMarker } satisfies DrainMarker, { contentType: "json" });
      return drainMarker;
    }),
  );
  while (!markers.every((marker) => markersSeen.has(marker))) {
    if (Date.now() > deadline) throw new Error(`the queues did not deliver within ${DRAIN_LIMIT_MS / 1000} s after the test`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  for (const marker of markers) markersSeen.delete(marker);
}

/** Handlers under way and runner alarms due now; backoff alarms are cancelled. */
async function workUnderWay(): Promise<string[]> {
  const pending = [...tracker().running].map(([name, count]) => `${count} × ${name}`);
  for (const id of await listDurableObjectIds(env.AD_GENERATION)) {
    const due = await runInDurableObject(env.AD_GENERATION.get(id), async (_runner, state) => {
      const alarm = await state.storage.getAlarm();
      if (alarm === null || alarm <= Date.now() + DUE_NOW_MS) return alarm;
      // A backoff after a failed attempt: the runner is cleared as a finished ad clears it.
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
      return null;
    });
    if (due !== null) pending.push(`a runner alarm due at ${new Date(due).toISOString()}`);
  }
  return pending;
}

/**
 * Waits until the test's background work has ended, or fails the test naming what still runs
 * after DRAIN_LIMIT_MS.
 */
export async function drainBackgroundWork(): Promise<void> {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  const state = tracker();
  for (;;) {
    await settleWorkerContexts();
    // A retried message comes back after its delay: waited for if it comes in time, else the test
    // fails, as it leaves work behind.
    if (state.retried.size > 0) {
      const due = Math.max(...state.retried.values());
      if (due > deadline || Date.now() > deadline) {
        state.retried.clear();
        throw new Error(
          `a queue message was retried and comes back at ${new Date(due).toISOString()}, after the test: it leaves work behind`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    const delivered = state.delivered;
    await flushQueues(deadline);
    const pending = await workUnderWay();
    if (pending.length === 0 && state.delivered === delivered) return;
    if (Date.now() > deadline) {
      throw new Error(`background work still running ${DRAIN_LIMIT_MS / 1000} s after the test: ${pending.join("; ")}`);
    }
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
