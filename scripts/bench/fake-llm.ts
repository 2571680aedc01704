// Bench model server (its own process, so its timers do not compete with the load generator):
// Ollama's /api/chat as an NDJSON stream at a fixed token rate. It records how long it spent on each
// answer request tagged invisibly in the prompt (model-tag.ts), so the bench can subtract the model's own time.
//   FAKE_TOKENS_PER_S (30), FAKE_FIRST_TOKEN_MS (150), FAKE_REPLY (a grounded Thai answer),
//   FAKE_REPLY_TOKENS (the reply repeated to at least this many tokens; default: the reply once), PORT
import { tokenize } from '../../tests/helpers/fake-ollama';
import { answerTag } from './model-tag';

const rate = Number(process.env.FAKE_TOKENS_PER_S ?? 30);
const firstMs = Number(process.env.FAKE_FIRST_TOKEN_MS ?? 150);
const reply =
  process.env.FAKE_REPLY ??
  'ตามข้อ ๕ ของข้อบังคับ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรม ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม ' +
    'โดยแนบรายละเอียดงบประมาณและรายชื่อผู้รับผิดชอบโครงการ และต้องได้รับความเห็นชอบจากอาจารย์ที่ปรึกษาก่อนยื่น';
const tokens = tokenize(reply);
const minTokens = Number(process.env.FAKE_REPLY_TOKENS ?? 0);
for (const once = [...tokens]; tokens.length < minTokens; ) tokens.push(' ', ...once);
const gapMs = 1000 / rate;
/** id → ms the model spent (request received → last byte queued) */
const spent = new Map<string, number>();
const enc = new TextEncoder();
/** streams open now, the most at once, and how many ended because their client went away (GET /open) */
const open = { now: 0, peak: 0, cancelled: 0, total: 0 };

const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: '127.0.0.1',
  idleTimeout: 0,
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === '/stats') {
      const out = Object.fromEntries(spent);
      spent.clear();
      return Response.json(out);
    }
    if (url.pathname === '/open') return Response.json(open);
    if (url.pathname === '/api/tags') return Response.json({ models: [{ name: 'bench', model: 'bench' }] });
    if (url.pathname !== '/api/chat') return new Response('not found', { status: 404 });
    const t0 = performance.now();
    const body = (await req.json()) as { model?: string; stream?: boolean; messages?: Array<{ content?: string }> };
    const tag = answerTag(body.messages);
    const line = (content: string, done: boolean) => ({
      model: body.model ?? 'bench',
      created_at: new Date().toISOString(),
      message: { role: 'assistant', content },
      done,
    });
    if (body.stream === false) return Response.json({ ...line('หัวข้อทดสอบ', true), done_reason: 'stop', eval_count: 3 });
    // Pace against the start time, not per sleep, so timer lateness does not accumulate.
    open.total++;
    open.peak = Math.max(open.peak, ++open.now);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          for (let i = 0; i < tokens.length; i++) {
            const due = t0 + firstMs + i * gapMs - performance.now();
            if (due > 0) await Bun.sleep(due);
            controller.enqueue(enc.encode(JSON.stringify(line(tokens[i]!, false)) + '\n'));
          }
          controller.enqueue(enc.encode(JSON.stringify({ ...line('', true), done_reason: 'stop', prompt_eval_count: 100, eval_count: tokens.length }) + '\n'));
          controller.close();
        } catch {
          open.cancelled++; // client went away
        }
        open.now--;
        if (tag) spent.set(tag, performance.now() - t0);
      },
    });
    return new Response(stream, { headers: { 'content-type': 'application/x-ndjson' } });
  },
});
process.stdout.write(`FAKE_LLM_READY ${server.port} tokens=${tokens.length} modelMs=${Math.round(firstMs + (tokens.length - 1) * gapMs)}\n`);
