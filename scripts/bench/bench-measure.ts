import autocannon from "autocannon";

export type Latency = { p50: number; p95: number; p99: number; n: number };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

function summarize(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    n: sorted.length,
  };
}

/** One request at a time over a kept-alive connection; latency of the whole HTTP exchange. */
export async function measureSequential(
  baseUrl: string,
  paths: string[],
  { warmup = 200 }: { warmup?: number } = {},
): Promise<Latency> {
  return (await measureAlternating([baseUrl], paths, { warmup }))[0]!;
}

/**
 * The same paths against several servers, one request at a time, each path sent to every
 * server in turn: a burst of load from others on the machine lands on all of them alike, so
 * their figures compare within one run.
 */
export async function measureAlternating(
  baseUrls: string[],
  paths: string[],
  { warmup = 200 }: { warmup?: number } = {},
): Promise<Latency[]> {
  for (const path of paths.slice(0, warmup)) {
    for (const baseUrl of baseUrls) await timeRequest(`${baseUrl}${path}`);
  }
  const times: number[][] = baseUrls.map(() => []);
  for (const path of paths) {
    for (const [i, baseUrl] of baseUrls.entries())
      times[i]!.push(await timeRequest(`${baseUrl}${path}`));
  }
  return times.map(summarize);
}

/**
 * Requests per second with `connections` concurrent keep-alive connections, cycling `paths`,
 * after `warmupSeconds` of the same load (the server's connection pool opens and prepares its
 * statements then, as it would long before a real peak).
 */
export async function measureThroughput(
  baseUrl: string,
  paths: string[],
  { connections = 20, seconds = 10, warmupSeconds = 3 } = {},
): Promise<{ rps: number; p97_5: number; errors: number; non2xx: number }> {
  if (warmupSeconds > 0) {
    await measureThroughput(baseUrl, paths, {
      connections,
      seconds: warmupSeconds,
      warmupSeconds: 0,
    });
  }
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          next = (next + 1) % paths.length;
          return { ...request, path: paths[next] };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p97_5: result.latency.p97_5,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
