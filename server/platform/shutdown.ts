import type { Server } from "node:http";
import type { Logger } from "./logger.ts";
import type { OpenStreams } from "./open-streams.ts";
import type { Readiness } from "./readiness.ts";

/** Something shutdown stops, named for the log. */
export type Closer = { name: string; close(): Promise<void> | void };

/** How long requests in flight get to finish before their connections are cut. */
export const DRAIN_TIMEOUT_MS = 10_000;
// Keep-alive connections that go quiet during the drain are closed at once, not after 5 s.
const IDLE_SWEEP_MS = 100;

export type ShutdownPlan = {
  server: Server;
  /** Turned off first: /api/ready answers 503 from then on. */
  readiness?: Readiness;
  /**
   * How long to go on serving while not ready, so a load balancer takes the process out of
   * rotation before it stops listening (SHUTDOWN_DELAY_MS).
   */
  notReadyDelayMs?: number;
  openStreams: OpenStreams;
  /** Stopped as soon as the server stops listening (e.g. the admin:create control channel). */
  listeners: Closer[];
  /**
   * Background workers, each stopped after its current job once requests have drained; the
   * job runner registers here.
   */
  workers: Closer[];
  /** Closed last, in order, once nothing uses them any more: realtime, then the database. */
  resources: Closer[];
  log: Logger;
  drainTimeoutMs?: number;
};

/**
 * Graceful shutdown: report not ready (and keep serving for the delay), stop accepting
 * connections, end event streams with a reconnect hint, let requests in flight finish
 * (bounded), stop workers, then close resources.
 * Resolves true when every step succeeded.
 */
export async function shutDown(plan: ShutdownPlan): Promise<boolean> {
  const { server, log } = plan;
  let clean = true;
  const closeAll = async (step: string, closers: Closer[]) => {
    for (const closer of closers) {
      try {
        await closer.close();
      } catch (err) {
        clean = false;
        log.error({ err, step, closer: closer.name }, "shutdown step failed");
      }
    }
  };

  plan.readiness?.stop();
  if (plan.notReadyDelayMs) {
    log.info({ ms: plan.notReadyDelayMs }, "not ready; serving on while the balancer notices");
    await new Promise((resolve) => setTimeout(resolve, plan.notReadyDelayMs));
  }
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  await closeAll("listeners", plan.listeners);
  await plan.openStreams.endAll();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const timeoutMs = plan.drainTimeoutMs ?? DRAIN_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    drained.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    }),
  ]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (timedOut) {
    log.warn({ timeoutMs }, "requests still in flight after the drain timeout; closing them");
    server.closeAllConnections();
    await drained;
  }

  await closeAll("workers", plan.workers);
  await closeAll("resources", plan.resources);
  return clean;
}
