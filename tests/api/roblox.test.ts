import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "bun:test";
import { HOUR } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { api, makeTestApp, signUpUser, type TestContext } from "../support/app";
import { AVATAR_DATA_URL, robloxEnv, startFakeRoblox, type FakeRoblox } from "../support/fake-roblox";

let fake: FakeRoblox;
let ctx: TestContext;
let token: string;
beforeAll(() => {
  fake = startFakeRoblox();
});
afterAll(() => fake.stop());
beforeEach(async () => {
  fake.mode = "ok";
  fake.hits.length = 0;
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)), env: robloxEnv(fake) });
  token = (await signUpUser(ctx)).token;
});
afterEach(() => ctx.cleanup());

const profile = (id: string) => api(ctx.app, token).api.roblox.profile({ id: id }).get();

test("a profile has the username, display name and 150x150 headshot", async () => {
  const answer = await profile("123");
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({
    id: "123",
    username: "builderman",
    displayName: "Builder Man",
    avatarUrl: AVATAR_DATA_URL,
  });
});

test("the headshot is asked for at 150x150", async () => {
  await profile("123");
  expect(fake.hits.sort()).toEqual(["thumbnails 123 150x150", "users 123"]);
});

test("a second look-up within the hour comes from the cache", async () => {
  await profile("123");
  await profile("123");
  expect(fake.hits).toHaveLength(2);
});

test("after an hour the profile is looked up again", async () => {
  await profile("123");
  ctx.clock.advance(HOUR + 1);
  await profile("123");
  expect(fake.hits).toHaveLength(4);
});

test("an unknown account gives nulls", async () => {
  const answer = await profile("999");
  expect(answer.data).toEqual({ id: "999", username: null, displayName: null, avatarUrl: null });
});

test("a failing service gives nulls, not an error", async () => {
  fake.mode = "error";
  const answer = await profile("123");
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ id: "123", username: null, displayName: null, avatarUrl: null });
});

test("a service that never answers is given up on and gives nulls", async () => {
  fake.mode = "hang";
  const answer = await profile("123");
  expect(answer.status).toBe(200);
  expect(answer.data!.username).toBeNull();
}, 10_000);

test("an ID that is not digits answers 422 without a look-up", async () => {
  const answer = await profile("12ab");
  expect(answer.status).toBe(422);
  expect(fake.hits).toHaveLength(0);
});

test("profile look-ups need a signed-in user", async () => {
  expect((await api(ctx.app).api.roblox.profile({ id: 123 }).get()).status).toBe(401);
});

test("one user can't make the server call Roblox hundreds of times: look-ups are rate limited per user", async () => {
  const limited = makeTestApp({
    clock: new FakeClock(Date.UTC(2026, 10, 1, 12)),
    env: robloxEnv(fake),
    rateLimits: true,
  });
  try {
    const user = await signUpUser(limited);
    const answers = [];
    for (let id = 1; id <= 25; id++)
      answers.push(
        await api(limited.app, user.token)
          .api.roblox.profile({ id: String(id) })
          .get(),
      );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].response.headers.get("retry-after")).toBe("3");
    expect(fake.hits.length).toBe(40); // two calls for each of the 20 answered
    // Another user from the same address still gets answers.
    const other = await signUpUser(limited, "pro", "other@example.com");
    expect((await api(limited.app, other.token).api.roblox.profile({ id: "500" }).get()).status).toBe(200);
  } finally {
    limited.cleanup();
  }
});

test("a failed look-up is kept for a minute: asking again at once doesn't call Roblox again", async () => {
  fake.mode = "error";
  await profile("123");
  const calls = fake.hits.length;
  await profile("123");
  expect(fake.hits.length).toBe(calls);
});
