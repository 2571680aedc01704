// Which queued file a free parse worker takes next (issue 34 finding 8: 50 cookie-less chats with 5 PDFs each
// filled the chat lane's queue, and a victim's small attachment waited behind them until its time limit ran out,
// 20.7 s). A job may carry its share: [client address, requester]. The next job is the one whose address has the
// fewest files being read now, then the one served longest ago, then the same for its requester, then the oldest:
// one address's backlog (however many guests it invents) cannot starve another address, nor one requester
// another. Jobs without a share are one group among the rest, in their order (library uploads: first come).

export interface Shared {
  id: number;
  /** [address, requester]; missing parts count as one shared group */
  share?: readonly string[];
}

const LEVELS = 2;
/** Shares remembered (when each was last served); past this, idle ones are forgotten (a guest a request). */
const MAX_REMEMBERED = 10_000;

function keysOf(job: Shared): string[] {
  const out: string[] = [];
  let key = '';
  for (let i = 0; i < LEVELS; i++) {
    key += `\u0000${job.share?.[i] ?? ''}`;
    out.push(key);
  }
  return out;
}

export class FairShares {
  private readonly running = new Map<string, number>();
  private readonly served = new Map<string, number>();
  private tick = 0;

  /** Index in `queue` of the job to start next (-1 when empty). */
  pick(queue: readonly Shared[]): number {
    let best = -1;
    let bestRank: number[] = [];
    for (let i = 0; i < queue.length; i++) {
      const rank = this.rank(queue[i]!);
      if (best < 0 || less(rank, bestRank)) {
        best = i;
        bestRank = rank;
      }
    }
    return best;
  }

  /** The job was given a worker. */
  started(job: Shared): void {
    this.tick++;
    for (const key of keysOf(job)) {
      this.running.set(key, (this.running.get(key) ?? 0) + 1);
      this.served.set(key, this.tick);
    }
  }

  /** The job's worker is done with it (any outcome). */
  finished(job: Shared): void {
    for (const key of keysOf(job)) {
      const n = (this.running.get(key) ?? 1) - 1;
      if (n > 0) this.running.set(key, n);
      else this.running.delete(key);
    }
    if (this.served.size > MAX_REMEMBERED) for (const key of this.served.keys()) if (!this.running.has(key)) this.served.delete(key);
  }

  private rank(job: Shared): number[] {
    const rank: number[] = [];
    for (const key of keysOf(job)) rank.push(this.running.get(key) ?? 0, this.served.get(key) ?? 0);
    rank.push(job.id);
    return rank;
  }
}

function less(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
