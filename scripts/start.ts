// `npm start`: build the client (production React), then serve. Needs no environment variables.
import { buildWeb } from './build-web';
import { applyStartDefaults } from './start-defaults';

// Production; with no university SSO configured, the built-in demo sign-in (shared with the single binary).
applyStartDefaults();
const built = await buildWeb();
console.log(`client built in ${built.ms} ms`);
await import('../src/index');
