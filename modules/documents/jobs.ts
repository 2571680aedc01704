// Per-app indexing queue: one job at a time (embedding is the bottleneck and LanceDB writes are
// serialised anyway), abortable on shutdown, with per-document progress for the SSE endpoint.

import type { IndexProgressEvent, IndexStage } from '../../contracts/sse';

export type Stage = IndexStage;
export type ProgressEvent = IndexProgressEvent;
export type JobRunner = (id: string, signal: AbortSignal, report: (e: ProgressEvent) => void) => Promise<void>;

export class IndexQueue {
  private pending: string[] = [];
  private running: { id: string; controller: AbortController; done: Promise<void> } | null = null;
  private progress = new Map<string, ProgressEvent>();
  private listeners = new Map<string, Set<(e: ProgressEvent) => void>>();
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private runner: JobRunner,
    private onError: (id: string, e: unknown) => void,
  ) {}

  enqueue(id: string): void {
    if (this.closed || this.pending.includes(id)) return;
    this.pending.push(id);
    this.publish(id, { stage: 'indexing', done: 0, total: 0, message: 'queued' });
    this.pump();
  }

  isQueued(id: string): boolean {
    return this.pending.includes(id) || this.running?.id === id;
  }

  /** Drops a queued job and aborts a running one for this document, waiting until it has stopped. */
  async cancel(id: string): Promise<void> {
    this.pending = this.pending.filter((p) => p !== id);
    if (this.running?.id === id) {
      this.running.controller.abort();
      await this.running.done;
    }
    this.progress.delete(id);
  }

  current(id: string): ProgressEvent | undefined {
    return this.progress.get(id);
  }

  subscribe(id: string, fn: (e: ProgressEvent) => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  publish(id: string, e: ProgressEvent): void {
    if (e.stage === 'ready' || e.stage === 'failed') this.progress.delete(id);
    else this.progress.set(id, e);
    for (const fn of this.listeners.get(id) ?? []) fn(e);
  }

  /** Resolves when nothing is queued or running (tests, CLIs). */
  idle(): Promise<void> {
    if (!this.running && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending = [];
    if (this.running) {
      this.running.controller.abort();
      await this.running.done;
    }
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const id = this.pending.shift();
    if (!id) {
      for (const w of this.idleWaiters.splice(0)) w();
      return;
    }
    const controller = new AbortController();
    const done = this.runner(id, controller.signal, (e) => this.publish(id, e))
      .catch((e) => {
        if (!controller.signal.aborted) this.onError(id, e);
      })
      .finally(() => {
        this.running = null;
        queueMicrotask(() => this.pump());
      });
    this.running = { id, controller, done };
  }
}
