// A real HTTP server speaking the parts of Ollama's API the product uses (/api/chat and /api/generate
// as NDJSON streams, /api/embed, /api/tags), with switchable misbehaviour so tests can prove timeouts,
// error mapping and that cancelling really closes the upstream connection.
import { createHash } from 'node:crypto';

export interface FakeOllamaRequest {
  path: string;
  body: Record<string, unknown>;
  at: number;
}

export interface FakeOllamaBehaviour {
  /** The assistant's full reply; a function sees the parsed request body (e.g. to echo the question). */
  reply: string | ((body: Record<string, unknown>) => string);
  /** Delay before each token after the first. */
  tokenDelayMs: number;
  /** Delay before the response headers and first token (a model still loading). */
  firstTokenDelayMs: number;
  /** Answer every request with this HTTP status and `{error}` body instead of a reply. */
  status: number | null;
  errorMessage: string;
  /** Send this many tokens, then an `{error}` line (Ollama's way of failing mid-stream). */
  errorAfterTokens: number | null;
  /** Send this many tokens, then go silent without closing (a stuck model). */
  stallAfterTokens: number | null;
  /** Answer with bytes that are not NDJSON. */
  garbage: boolean;
  /** Dimensions of the deterministic /api/embed vectors. */
  embedDimensions: number;
  /** /api/embed waits this long before answering (a hung embedding server), and answers this status instead when set. */
  embedDelayMs: number;
  embedStatus: number | null;
  /** why the streamed reply ended ('length': cut at the token limit) */
  doneReason: string;
  model: string;
  /** The stream waits for this before its last line: the test, not the clock, decides when an answer ends. */
  hold: Promise<void> | null;
}

export interface FakeOllama {
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: FakeOllamaRequest[];
  /** Streaming responses whose client went away before the stream ended (path and time). */
  disconnects: Array<{ path: string; at: number }>;
  behave(patch: Partial<FakeOllamaBehaviour>): void;
  reset(): void;
  waitForRequest(path: string, timeoutMs?: number): Promise<FakeOllamaRequest>;
  waitForDisconnect(timeoutMs?: number): Promise<{ path: string; at: number }>;
  close(): Promise<void>;
}

const DEFAULTS: FakeOllamaBehaviour = {
  reply: 'สวัสดีครับ',
  tokenDelayMs: 0,
  firstTokenDelayMs: 0,
  status: null,
  errorMessage: 'model failed',
  errorAfterTokens: null,
  stallAfterTokens: null,
  garbage: false,
  embedDimensions: 64,
  embedDelayMs: 0,
  embedStatus: null,
  doneReason: 'stop',
  model: 'fake-model',
  hold: null,
};

const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Word-sized tokens (Thai has no spaces), like a real model's stream. */
export function tokenize(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Deterministic unit vector from character trigrams, so similar texts get similar embeddings. */
export function fakeEmbedding(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  const chars = Array.from(text.toLowerCase());
  for (let i = 0; i + 3 <= Math.max(chars.length, 3); i++) {
    const h = createHash('md5')
      .update(chars.slice(i, i + 3).join(''))
      .digest();
    v[h.readUInt32LE(0) % dims] += h[4] & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

const sleep = (ms: number) => (ms > 0 ? Bun.sleep(ms) : Promise.resolve());

export function startFakeOllama(initial: Partial<FakeOllamaBehaviour> = {}): FakeOllama {
  let b: FakeOllamaBehaviour = { ...DEFAULTS, ...initial };
  const requests: FakeOllamaRequest[] = [];
  const disconnects: Array<{ path: string; at: number }> = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());

  function waitFor<T>(pick: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = pick();
        if (found === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`fake ollama: no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  function stream(path: string, body: Record<string, unknown>, line: (delta: string, done: boolean) => Record<string, unknown>): Response {
    const reply = typeof b.reply === 'function' ? b.reply(body) : b.reply;
    const tokens = tokenize(reply);
    const cfg = b;
    let finished = false;
    const enc = new TextEncoder();
    const markGone = () => {
      if (finished) return;
      finished = true;
      disconnects.push({ path, at: Date.now() });
      notify();
    };
    const readable = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (obj: unknown) => controller.enqueue(enc.encode(JSON.stringify(obj) + '\n'));
        try {
          for (let i = 0; i < tokens.length; i++) {
            if (finished) return;
            if (cfg.errorAfterTokens !== null && i === cfg.errorAfterTokens) {
              send({ error: cfg.errorMessage });
              finished = true;
              controller.close();
              return;
            }
            if (cfg.stallAfterTokens !== null && i === cfg.stallAfterTokens) return; // never closes
            if (i > 0) await sleep(cfg.tokenDelayMs);
            if (finished) return;
            send(line(tokens[i], false));
          }
          if (cfg.hold) await cfg.hold;
          if (finished) return;
          send({ ...line('', true), done_reason: cfg.doneReason, prompt_eval_count: 42, eval_count: tokens.length, total_duration: 1 });
          finished = true;
          controller.close();
        } catch {
          markGone(); // enqueue on a cancelled stream: the client is gone
        }
      },
      cancel: markGone,
    });
    return new Response(readable, { headers: { 'content-type': 'application/x-ndjson' } });
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      let body: Record<string, unknown> = {};
      if (req.method === 'POST') body = (await req.json().catch(() => ({}))) as Record<string, unknown>;
      requests.push({ path, body, at: Date.now() });
      notify();
      if (path === '/api/tags')
        return Response.json({ models: [{ name: b.model, model: b.model, modified_at: new Date().toISOString(), size: 1, digest: 'x', details: {} }] });
      if (path === '/api/embed') {
        if (b.embedDelayMs) await Promise.race([sleep(b.embedDelayMs), new Promise((r) => req.signal.addEventListener('abort', r, { once: true }))]);
        if (b.embedStatus !== null) return Response.json({ error: b.errorMessage }, { status: b.embedStatus });
        const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input ?? '')];
        return Response.json({
          model: body.model ?? b.model,
          embeddings: input.map((t) => fakeEmbedding(t, b.embedDimensions)),
          total_duration: 1,
          load_duration: 0,
          prompt_eval_count: input.length,
        });
      }
      if (path !== '/api/chat' && path !== '/api/generate') return Response.json({ error: 'not found' }, { status: 404 });
      // Wake early when the client gives up during the delay, so its disconnect is seen at once.
      await Promise.race([sleep(b.firstTokenDelayMs), new Promise((r) => req.signal.addEventListener('abort', r, { once: true }))]);
      if (req.signal.aborted) {
        disconnects.push({ path, at: Date.now() });
        notify();
        return new Response(null, { status: 499 });
      }
      if (b.status !== null) return Response.json({ error: b.errorMessage }, { status: b.status });
      if (b.garbage) return new Response('<html>not ollama</html>\n\u0000\u0001garbage\n', { headers: { 'content-type': 'application/x-ndjson' } });
      const model = String(body.model ?? b.model);
      const created_at = new Date().toISOString();
      const chat = path === '/api/chat';
      const line = (delta: string, done: boolean) =>
        chat ? { model, created_at, message: { role: 'assistant', content: delta }, done } : { model, created_at, response: delta, done };
      if (body.stream === false) {
        const reply = typeof b.reply === 'function' ? b.reply(body) : b.reply;
        return Response.json({ ...line(reply, true), done_reason: 'stop', prompt_eval_count: 42, eval_count: tokenize(reply).length });
      }
      return stream(path, body, line);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port!,
    requests,
    disconnects,
    behave(patch) {
      b = { ...b, ...patch };
    },
    reset() {
      b = { ...DEFAULTS, ...initial };
      requests.length = 0;
      disconnects.length = 0;
    },
    waitForRequest: (path, timeoutMs = 5000) => waitFor(() => requests.find((r) => r.path === path), timeoutMs, `request to ${path}`),
    waitForDisconnect: (timeoutMs = 5000) => waitFor(() => disconnects[0], timeoutMs, 'client disconnect'),
    async close() {
      await server.stop(true);
    },
  };
}
