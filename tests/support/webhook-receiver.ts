/**
 * A webhook receiver on 127.0.0.1: keeps every request it gets (headers and the exact body), and answers
 * what it is told to, in order (a status, a long body, a redirect, or no answer at all), then 200.
 */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

export function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<() => void>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.text();
      received.push({ headers: Object.fromEntries(request.headers), body });
      const answer = answers.shift() ?? { status: 200, body: "ok" };
      if (answer === "hang")
        return new Promise<Response>((resolve) => hanging.add(() => resolve(new Response("late"))));
      return new Response(answer.body ?? "", { status: answer.status, headers: answer.headers });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hooks`,
    received,
    /** The next requests get these answers, in order; after them, 200. */
    answerNext(...next: Answer[]) {
      answers.push(...next);
    },
    /** Forgets the answers not given yet: from now on, 200. */
    answerOk() {
      answers.length = 0;
    },
    /** The bodies received, parsed. */
    events: () =>
      received.map(
        (request) => JSON.parse(request.body) as { type: string; timestamp: string; data: Record<string, unknown> },
      ),
    stop() {
      for (const release of hanging) release();
      server.stop(true);
    },
  };
}

export type WebhookReceiver = ReturnType<typeof startWebhookReceiver>;
