// Entry point: `bun run src/index.ts` (npm start builds the client first, then runs this).
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';
import { startupFailure } from './startup-error';
import { signInUnavailable, START_REFUSED } from '../modules/auth/provider-runtime';

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

// A production server nobody can sign in to is a misconfiguration: say so and stop (README, Configuration).
if (signInUnavailable(config)) {
  console.error(START_REFUSED);
  process.exit(1);
}

let running: Awaited<ReturnType<typeof startServer>>;
try {
  running = await startServer(config);
} catch (e) {
  console.error(startupFailure(e, config));
  process.exit(1);
}
running.ctx.log.info('Ask-Reg is listening', { url: config.publicUrl, port: running.port, dataDir: config.dataDir, env: config.nodeEnv });

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    running.ctx.log.info('shutting down', { signal });
    await running.stop();
    process.exit(0);
  });
}
