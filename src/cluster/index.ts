// The coordination between instances (issue 36), per app: the message bus and the index writer's election. Both have a
// single-process form for the embedded SQLite default (nothing changes there) and a Postgres form.
import { perApp, type AppContext } from '../context';
import { pgBus, soloBus, type ClusterBus } from './bus';
import { pgWriterLock, soleWriter, type WriterLock } from './writer-lock';

export type { ClusterBus } from './bus';
export type { WriterLock } from './writer-lock';

/** This app's bus to the other instances (opened at first use, closed with the app). */
export const clusterBus = perApp((ctx: AppContext): ClusterBus => {
  if (ctx.config.database.kind !== 'postgres') return soloBus();
  const bus = pgBus(ctx.config.database.url, ctx.id, (e) => ctx.log.warn('cluster message not handled', { error: e.message }));
  ctx.onClose(() => bus.close());
  return bus;
});

/** Whether this app writes the shared index: always on SQLite; elected on Postgres (the election starts at first use). */
export const indexWriter = perApp((ctx: AppContext): WriterLock => {
  if (ctx.config.database.kind !== 'postgres') return soleWriter();
  const lock = pgWriterLock(ctx.config.database.url, { onError: (e) => ctx.log.warn('index writer lock lost or not reachable', { error: e.message }) });
  lock.onChange((writer) => ctx.log.info(writer ? 'this instance writes the index' : 'this instance no longer writes the index'));
  ctx.onClose(() => lock.close());
  return lock;
});
