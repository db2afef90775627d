/**
 * A fake Resend API on 127.0.0.1 (RESEND_BASE_URL points the real SDK at it). It can be told to fail
 * the next N sends, to be down until further notice, to hang (accept the connection and never answer,
 * before or after taking the e-mail), and like Resend it treats a repeated Idempotency-Key as the
 * same e-mail.
 */
export interface ReceivedEmail {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  idempotencyKey: string | null;
  authorization: string | null;
}

export function startFakeResend() {
  const delivered: ReceivedEmail[] = [];
  const byKey = new Map<string, string>();
  let failuresLeft = 0;
  let down = false;
  let hangsLeft = 0;
  let hangsAfterTakingLeft = 0;
  let attempts = 0;
  let counter = 0;
  const neverAnswered: Array<() => void> = [];
  const hang = () =>
    new Promise<Response>((resolve) => {
      neverAnswered.push(() => resolve(new Response(null, { status: 504 })));
    });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/emails") {
        return Response.json({ name: "not_found", message: "Not found", statusCode: 404 }, { status: 404 });
      }
      attempts++;
      if (hangsLeft > 0) {
        hangsLeft--;
        return hang();
      }
      if (down)
        return Response.json(
          { name: "internal_server_error", message: "Service unavailable", statusCode: 503 },
          { status: 503 },
        );
      if (failuresLeft > 0) {
        failuresLeft--;
        return Response.json(
          { name: "internal_server_error", message: "Temporary failure, try again", statusCode: 500 },
          { status: 500 },
        );
      }
      const body = (await request.json()) as Omit<ReceivedEmail, "id" | "idempotencyKey" | "authorization">;
      const key = request.headers.get("idempotency-key");
      if (key && byKey.has(key)) return Response.json({ id: byKey.get(key) });
      const id = `re_fake_${++counter}`;
      if (key) byKey.set(key, id);
      delivered.push({ ...body, id, idempotencyKey: key, authorization: request.headers.get("authorization") });
      if (hangsAfterTakingLeft > 0) {
        hangsAfterTakingLeft--;
        return hang();
      }
      return Response.json({ id });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    delivered,
    get attempts() {
      return attempts;
    },
    env: {
      RESEND_API_KEY: "re_test_fake",
      EMAIL_FROM: "Layerlift <keys@layerlift.test>",
      RESEND_BASE_URL: `http://127.0.0.1:${server.port}`,
    } as Record<string, string>,
    failNext(count: number) {
      failuresLeft = count;
    },
    /** Every send fails with a 503 until `setDown(false)`. */
    setDown(value: boolean) {
      down = value;
    },
    /** The next `count` sends get no answer at all. */
    hangNext(count: number) {
      hangsLeft = count;
    },
    /** The next `count` sends are taken (delivered) but their answer never comes. */
    hangAfterTakingNext(count: number) {
      hangsAfterTakingLeft = count;
    },
    reset() {
      delivered.length = 0;
      byKey.clear();
      failuresLeft = 0;
      attempts = 0;
      down = false;
      hangsLeft = 0;
      hangsAfterTakingLeft = 0;
      for (const answer of neverAnswered.splice(0)) answer();
    },
    stop: () => {
      for (const answer of neverAnswered.splice(0)) answer();
      return server.stop(true);
    },
  };
}

export type FakeResend = ReturnType<typeof startFakeResend>;
