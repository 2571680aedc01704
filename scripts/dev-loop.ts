// The development loop behind `npm run dev`: build the client, start the server, and on a change under
// web/ rebuild the client and restart the server so it serves the new bundles (server code changes
// restart it through `bun --watch`). A failed build keeps the running server and says why.
import { type FSWatcher, watch } from 'node:fs';
import { relative, sep } from 'node:path';

export interface DevLoopParts {
  /** the folder whose changes rebuild the client (web/) */
  watchDir: string;
  /** folders below it that the build writes (never a reason to rebuild) */
  ignore: string[];
  build(): Promise<unknown>;
  /** starts the server; resolves with a function that stops it */
  startServer(): Promise<() => Promise<void>>;
  log(line: string): void;
  debounceMs?: number;
}

export async function startDevLoop(p: DevLoopParts): Promise<{ stop(): Promise<void>; rebuilt(): Promise<void> }> {
  await p.build();
  let stopServer = await p.startServer();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  const waiting: Array<() => void> = [];

  const rebuild = async () => {
    try {
      await p.build();
      p.log('client rebuilt, restarting the server');
      await stopServer();
      stopServer = await p.startServer();
    } catch (e) {
      p.log(`client build failed (the server keeps the previous bundles): ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const w of waiting.splice(0)) w();
  };

  const watcher: FSWatcher = watch(p.watchDir, { recursive: true }, (_event, file) => {
    if (!file) return;
    const rel = relative(p.watchDir, `${p.watchDir}${sep}${file}`);
    if (p.ignore.some((dir) => rel === dir || rel.startsWith(dir + sep))) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(rebuild);
    }, p.debounceMs ?? 150);
  });

  return {
    async stop() {
      watcher.close();
      if (timer) clearTimeout(timer);
      await running;
      await stopServer();
    },
    /** resolves after the next rebuild (tests) */
    rebuilt: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
}
