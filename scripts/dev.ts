// `npm run dev`: builds the client, serves with `bun --watch` (server code changes restart it) and
// rebuilds the client when web/ changes (scripts/dev-loop.ts). Ctrl-C stops both.
import { join } from 'node:path';
import { buildWeb } from './build-web';
import { startDevLoop } from './dev-loop';

const root = join(import.meta.dir, '..');
const loop = await startDevLoop({
  watchDir: join(root, 'web'),
  ignore: ['dist'],
  build: () => buildWeb(),
  async startServer() {
    const proc = Bun.spawn([process.execPath, '--watch', join(root, 'src', 'index.ts')], { cwd: root, stdio: ['inherit', 'inherit', 'inherit'] });
    return async () => {
      proc.kill('SIGTERM');
      await proc.exited;
    };
  },
  log: (line) => console.log(`[dev] ${line}`),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void loop.stop().then(() => process.exit(0)));
