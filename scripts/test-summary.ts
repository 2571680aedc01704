// What `npm test` (scripts/test.ts) reads from bun's output and prints at the end. Kept apart from the
// runner so it can be tested: CI reads the last line, which must be exactly `N passed, N failed`.

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Counts from one `bun test` run's closing summary (` 12 pass`, ` 1 fail`, ` 2 skip`). */
export function countsFrom(text: string): RunCounts {
  const count = (word: string) => Number(text.match(new RegExp(`^\\s*(\\d+) ${word}\\s*$`, 'm'))?.[1] ?? 0);
  return { passed: count('pass'), failed: count('fail'), skipped: count('skip') };
}

/** Each failing test with the output bun printed for it (the error comes before its `(fail)` line),
 *  so the end of the log, which is all a CI summary shows, says why it failed. */
export function failureDetails(text: string): string[] {
  const out: string[] = [];
  let file = '';
  let block: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\d+ tests? failed:$/.test(line.trim())) break; // bun's closing recap repeats the (fail) lines
    if (/^\S.*\.test\.tsx?:$/.test(line)) {
      file = line.slice(0, -1);
      block = [];
    } else if (/^\(pass\)|^\(skip\)|^\(todo\)/.test(line)) block = [];
    else if (/^\(fail\)/.test(line)) {
      const shown = block.filter((l) => !/WARN\s+lance::|^\s*$/.test(l));
      out.push([`${file}: ${line}`, ...shown.slice(0, 40), ...(shown.length > 40 ? [`  … ${shown.length - 40} more lines`] : [])].join('\n'));
      block = [];
    } else block.push(line);
  }
  // an error outside any test ("Unhandled error between tests") has no (fail) line
  for (const m of text.matchAll(/^# Unhandled error between tests\n-{5,}\n[\s\S]*?\n-{5,}$/gm)) out.push(m[0].split('\n').slice(0, 40).join('\n'));
  return out;
}

/** The typecheck as one test: its failure shows the first compiler errors. */
export function typecheckFailure(output: string, code: number): string {
  const lines = output.split('\n').filter((l) => l.trim());
  const shown = lines.slice(0, 40);
  if (lines.length > 40) shown.push(`  … ${lines.length - 40} more lines`);
  return [`typecheck: (fail) tsc --noEmit -p . exited with ${code}`, ...shown].join('\n');
}

/** The closing lines: skips (if any) on their own line, then exactly `N passed, N failed` last. */
export function summaryLines(counts: RunCounts, header: string): string[] {
  return [header + (counts.skipped ? `, ${counts.skipped} skipped` : ''), `${counts.passed} passed, ${counts.failed} failed`];
}
