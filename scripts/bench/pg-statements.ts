// Where a Postgres shape's time goes (issue 36): with LOAD_PG_STATEMENTS=1 the bench's cluster loads
// pg_stat_statements (TEST_PG_OPTIONS, tests/helpers/postgres.ts), the counters are reset when the run starts, and at
// its end the statements are printed per chat turn (calls per turn, mean and total time), most total time first.
import { SQL } from 'bun';

const OPTIONS = '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all';
// set on import, before the bench starts its cluster
if (process.env.LOAD_PG_STATEMENTS) process.env.TEST_PG_OPTIONS = OPTIONS;

export interface Statements {
  reset(): Promise<void>;
  report(turns: number): Promise<void>;
}

/** Null unless LOAD_PG_STATEMENTS is set and the bench runs on Postgres (`url`). */
export function pgStatements(url: string | undefined): Statements | null {
  if (!url || !process.env.LOAD_PG_STATEMENTS) return null;
  const sql = new SQL(url, { max: 1 });
  return {
    async reset() {
      await sql`create extension if not exists pg_stat_statements`;
      await sql`select pg_stat_statements_reset()`;
    },
    async report(turns) {
      const rows = (await sql`select calls, total_exec_time as total, mean_exec_time as mean, rows, query
        from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time desc`) as Array<{ calls: string; total: number; mean: number; rows: string; query: string }>;
      const calls = rows.reduce((t, r) => t + Number(r.calls), 0);
      const ms = rows.reduce((t, r) => t + r.total, 0);
      console.log(
        `\npg_stat_statements over ${turns} turns: ${(calls / turns).toFixed(1)} statements a turn, ${(ms / turns).toFixed(2)} ms of execution a turn`,
      );
      console.log('calls/turn  mean ms  total ms  statement');
      for (const r of rows.slice(0, 25)) {
        const q = r.query.replace(/\s+/g, ' ').slice(0, 150);
        console.log(`${(Number(r.calls) / turns).toFixed(2).padStart(10)} ${r.mean.toFixed(3).padStart(8)} ${r.total.toFixed(0).padStart(9)}  ${q}`);
      }
      await sql.close();
    },
  };
}
