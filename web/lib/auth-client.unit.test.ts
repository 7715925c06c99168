import { beforeEach, describe, expect, it, vi } from "vitest";

// The real client is replaced by a stand-in that, like Better Auth's, is itself a path proxy
// (so a `.apply` lookup on it would yield a path, not Function.prototype.apply).
const calls: { path: string[]; args: unknown[]; self: unknown }[] = [];
function betterAuthLike(path: string[] = []): unknown {
  return new Proxy(function stub() {}, {
    // Like Better Auth's proxy, it is not a thenable.
    get: (_, prop) =>
      typeof prop === "string" && prop !== "then" ? betterAuthLike([...path, prop]) : undefined,
    apply(_, self, args) {
      calls.push({ path, args, self });
      return Promise.resolve({ data: { path: path.join(".") }, error: null });
    },
  });
}
vi.mock("./better-auth-client.ts", () => ({ betterAuthClient: betterAuthLike() }));

const { authClient } = await import("./auth-client.ts");

describe("authClient (lazy)", () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it("calls the same path with the same arguments on the loaded client", async () => {
    const result = await authClient.signIn.email({ email: "a@b.co", password: "pw" });
    expect(result).toEqual({ data: { path: "signIn.email" }, error: null });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toEqual(["signIn", "email"]);
    expect(calls[0]?.args).toEqual([{ email: "a@b.co", password: "pw" }]);
  });

  it("works for top-level actions", async () => {
    await authClient.signOut();
    expect(calls.map((c) => c.path)).toEqual([["signOut"]]);
  });

  it("is not mistaken for a promise", () => {
    expect((authClient as unknown as { then?: unknown }).then).toBeUndefined();
  });
});
