// `npm start`: build the client (production React), then serve. Needs no environment variables.
import { buildWeb } from './build-web';

process.env.NODE_ENV ??= 'production';
const built = await buildWeb();
console.log(`client built in ${built.ms} ms`);
await import('../src/index');
