/**
 * A stand-in for Roblox's users and thumbnails services on 127.0.0.1. Both APIs on one server;
 * pass `url` as ROBLOX_USERS_API_BASE and ROBLOX_THUMBNAILS_API_BASE.
 */
export interface FakeRobloxUser {
  name: string;
  displayName: string;
  imageUrl: string;
}

export interface FakeRoblox {
  url: string;
  users: Map<string, FakeRobloxUser>;
  /** Requests seen, e.g. "users 123" or "thumbnails 123 150x150" (id and size). */
  hits: string[];
  /** "ok" answers normally; "error" answers 500; "hang" never answers (for the timeout). */
  mode: "ok" | "error" | "hang";
  stop: () => void;
}

/** A tiny inline image, allowed by the app's CSP (img-src data:), so the avatar renders in the browser. */
export const AVATAR_DATA_URL =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150"><rect width="150" height="150" fill="#7c3aed"/></svg>',
  ).toString("base64");

export function startFakeRoblox(): FakeRoblox {
  const fake: FakeRoblox = {
    url: "",
    users: new Map([["123", { name: "builderman", displayName: "Builder Man", imageUrl: AVATAR_DATA_URL }]]),
    hits: [],
    mode: "ok",
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const userMatch = /^\/v1\/users\/(\d+)$/.exec(url.pathname);
      const id = userMatch?.[1] ?? url.searchParams.get("userIds") ?? "";
      fake.hits.push(userMatch ? `users ${id}` : `thumbnails ${id} ${url.searchParams.get("size")}`);
      if (fake.mode === "hang") await new Promise(() => {});
      if (fake.mode === "error") return new Response("down", { status: 500 });
      const user = fake.users.get(id);
      if (userMatch) {
        if (!user) return Response.json({ errors: [{ code: 3, message: "The user id is invalid." }] }, { status: 404 });
        return Response.json({ id: Number(id), name: user.name, displayName: user.displayName });
      }
      if (url.pathname === "/v1/users/avatar-headshot") {
        const state = user ? "Completed" : "Error";
        return Response.json({ data: [{ targetId: Number(id), state, imageUrl: user?.imageUrl ?? null }] });
      }
      return new Response("not found", { status: 404 });
    },
  });
  fake.url = server.url.href.replace(/\/$/, "");
  return fake;
}

export const robloxEnv = (fake: FakeRoblox) => ({
  ROBLOX_USERS_API_BASE: fake.url,
  ROBLOX_THUMBNAILS_API_BASE: fake.url,
});
