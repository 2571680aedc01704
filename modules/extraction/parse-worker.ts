// The main of a parse worker process (parse-pool.ts starts it). Jobs arrive over Bun's IPC channel one
// at a time; the answer is the text or a rendered page, or the ExtractionError's code and message. When the
// server goes away the channel closes and the worker exits with it.
import { ExtractionError } from './errors.ts';
import { type JobResult, type ParseJob, runParseJob } from './parse-job.ts';
import type { ExtractProgress } from './types.ts';

export type ParseRequest = { id: number; job: ParseJob };
export type ParseReply =
  | { id: number; type: 'progress'; progress: ExtractProgress }
  | { id: number; type: 'done'; result: JobResult }
  | { id: number; type: 'failed'; code: ExtractionError['code']; message: string };

export function serveParseJobs(): void {
  const send = (reply: ParseReply) => process.send?.(reply);
  process.on('message', async (req: ParseRequest) => {
    try {
      const result = await runParseJob(req.job, (progress) => send({ id: req.id, type: 'progress', progress }));
      send({ id: req.id, type: 'done', result });
    } catch (err) {
      const e = err instanceof ExtractionError ? err : new ExtractionError('corrupt', (err as Error)?.message ?? String(err));
      send({ id: req.id, type: 'failed', code: e.code, message: e.message });
    }
  });
  // pdf.js can reject promises nobody awaits on a broken file; the job's own answer says what happened.
  process.on('unhandledRejection', () => {});
  process.on('disconnect', () => process.exit(0));
}

if (import.meta.main) serveParseJobs();
