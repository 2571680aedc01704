// Messages between instances (issue 36): a cancel for an answer another instance streams, a synonym change, an
// indexing job to pick up. On the embedded SQLite default there is one instance, so there is no one to tell; on Postgres
// they travel as LISTEN/NOTIFY (Bun's SQL client: one listening connection, reconnected and re-subscribed by the client
// when it drops). A message reaches every other instance listening at that moment and is not stored: each use says what
// a missed one costs.
import { SQL } from 'bun';

export interface ClusterBus {
  /** Sends to every other instance (never back to this one). */
  publish(channel: string, message: Record<string, unknown>): Promise<void>;
  /**
   * Receives the other instances' messages on `channel` until the returned stop(). `onListening` runs once listening
   * and again after the listening connection was lost and re-established (messages sent meanwhile were missed: re-read).
   */
  subscribe(channel: string, fn: (message: Record<string, unknown>) => void, onListening?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** One instance (the SQLite default): nothing to send, nothing to receive. */
export function soloBus(): ClusterBus {
  return {
    publish: async () => undefined,
    subscribe: async () => async () => undefined,
    close: async () => undefined,
  };
}

/** Channels are prefixed so the app's never meet another application's on a shared server. */
const channelName = (channel: string) => `askreg_${channel}`;

export function pgBus(url: string, instanceId: string, onError?: (e: Error) => void): ClusterBus {
  const client = new SQL(url, { max: 2, idleTimeout: 0 });
  let closed = false;
  return {
    async publish(channel, message) {
      if (closed) return;
      await client.notify(channelName(channel), JSON.stringify({ from: instanceId, message }));
    },
    async subscribe(channel, fn, onListening) {
      const sub = await client.listen(
        channelName(channel),
        (payload) => {
          let parsed: { from?: string; message?: Record<string, unknown> };
          try {
            parsed = JSON.parse(payload);
          } catch (e) {
            onError?.(e as Error);
            return;
          }
          if (parsed.from === instanceId || !parsed.message) return;
          try {
            fn(parsed.message);
          } catch (e) {
            onError?.(e as Error);
          }
        },
        () => {
          try {
            onListening?.();
          } catch (e) {
            onError?.(e as Error);
          }
        },
      );
      return () => sub.unlisten();
    },
    async close() {
      closed = true;
      await client.close({ timeout: 1 }).catch(() => undefined);
    },
  };
}
