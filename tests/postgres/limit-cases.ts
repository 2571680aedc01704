// The limits' conformance table (issue 36): every case runs against the in-memory store (the embedded SQLite default)
// and the Postgres one (limits.test.ts), through the one LimitStore interface, with the clock passed in.
import { expect } from 'bun:test';
import type { AppContext } from '../../src/context';
import { limitStore } from '../../src/http/limits/store';

export interface LimitCase {
  name: string;
  run(ctx: AppContext): Promise<void>;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = 1_800_000_000_000;

export const limitCases: LimitCase[] = [
  {
    name: 'a token bucket: its size at once, then a refusal saying when the next token comes; refilled evenly; keys apart',
    async run(ctx) {
      const s = limitStore(ctx);
      for (let i = 0; i < 3; i++) expect(await s.takeToken('tb:a', 3, T0)).toBe(0);
      expect(await s.takeToken('tb:a', 3, T0)).toBe(20); // one token every 20 s
      expect(await s.takeToken('tb:a', 3, T0 + 5_000)).toBe(15); // a refusal takes nothing
      expect(await s.takeToken('tb:b', 3, T0)).toBe(0);
      expect(await s.takeToken('tb:a', 3, T0 + 20_000)).toBe(0);
      expect(await s.takeToken('tb:a', 3, T0 + 20_000)).toBe(20);
      // a full minute later the bucket is full again: three at once
      for (let i = 0; i < 3; i++) expect(await s.takeToken('tb:a', 3, T0 + 3 * MIN)).toBe(0);
      expect(await s.takeToken('tb:a', 3, T0 + 3 * MIN)).toBeGreaterThan(0);
      // a one-a-minute bucket
      expect(await s.takeToken('tb:one', 1, T0)).toBe(0);
      expect(await s.takeToken('tb:one', 1, T0 + 1_000)).toBe(59);
    },
  },
  {
    name: 'a token bucket asked at once by many requests hands out exactly its size',
    async run(ctx) {
      const s = limitStore(ctx);
      const waits = await Promise.all(Array.from({ length: 12 }, () => s.takeToken('tb:race', 5, T0)));
      expect(waits.filter((w) => w === 0).length).toBe(5);
    },
  },
  {
    name: 'sliding windows: taken from all or from none; the first full one and the seconds until it has room',
    async run(ctx) {
      const s = limitStore(ctx);
      const mine = { key: 'sw:mine', limit: 5, windowMs: HOUR };
      const place = { key: 'sw:place', limit: 2, windowMs: HOUR };
      expect(await s.takeWindows([mine, place], T0)).toBeNull();
      expect(await s.takeWindows([mine, place], T0 + MIN)).toBeNull();
      expect(await s.takeWindows([mine, place], T0 + MIN)).toEqual({ index: 1, wait: 3540 });
      for (let i = 0; i < 3; i++) expect(await s.takeWindows([mine], T0 + MIN)).toBeNull();
      expect(await s.takeWindows([mine], T0 + MIN)).toEqual({ index: 0, wait: 3540 });
      // the first use has aged out of the hour: room on both again
      expect(await s.takeWindows([place], T0 + HOUR)).toBeNull();
    },
  },
  {
    name: 'answer slots: at most so many per key at once; a refusal names the full key and takes nothing; a release frees (once)',
    async run(ctx) {
      const s = limitStore(ctx);
      const slots: Array<[string, number]> = [
        ['as:r', 2],
        ['as:a', 3],
      ];
      const one = await s.holdSlots(slots, T0);
      const two = await s.holdSlots(slots, T0);
      expect([typeof one, typeof two]).toEqual(['function', 'function']);
      expect(await s.fullSlot(slots, T0)).toBe(0);
      expect(await s.holdSlots(slots, T0)).toBe(0);
      expect([await s.slotsHeld('as:r', T0), await s.slotsHeld('as:a', T0)]).toEqual([2, 2]);
      // another requester behind the same address: the address has one left
      const other = await s.holdSlots(
        [
          ['as:r2', 2],
          ['as:a', 3],
        ],
        T0,
      );
      expect(typeof other).toBe('function');
      expect(
        await s.holdSlots(
          [
            ['as:r3', 2],
            ['as:a', 3],
          ],
          T0,
        ),
      ).toBe(1);
      await (one as () => Promise<void>)();
      await (one as () => Promise<void>)();
      expect([await s.slotsHeld('as:r', T0), await s.slotsHeld('as:a', T0)]).toEqual([1, 2]);
      expect(await s.fullSlot(slots, T0)).toBe(-1);
      await (two as () => Promise<void>)();
      await (other as () => Promise<void>)();
      expect(await s.slotsHeld('as:a', T0)).toBe(0);
    },
  },
  {
    name: 'answer slots asked at once by many requests: exactly the limit is held',
    async run(ctx) {
      const s = limitStore(ctx);
      const held = await Promise.all(Array.from({ length: 8 }, () => s.holdSlots([['as:race', 3]], T0)));
      const releases = held.filter((h) => typeof h === 'function') as Array<() => Promise<void>>;
      expect(releases.length).toBe(3);
      await Promise.all(releases.map((r) => r()));
      expect(await s.slotsHeld('as:race', T0)).toBe(0);
    },
  },
];
