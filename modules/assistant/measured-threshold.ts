// Measurement only (scripts/eval/threshold-curve.ts): the answerer reads the low threshold as this value instead of
// the admin's, in this process alone. The admin's row is never written for it: evals open a cached library's
// database from several processes at once, and a threshold written there (or left there by a run that was killed)
// would change every other run's figures without a word.
let lowThreshold: number | null = null;

/** Read the low threshold as `value` in this process (null: the admin's again). */
export function setMeasuredLowThreshold(value: number | null): void {
  lowThreshold = value;
}

/** The preferences as the answerer reads them: the admin's, with the measured low threshold if one is set. */
export function measuredPreferences<T extends { lowThreshold: number }>(prefs: T): T {
  return lowThreshold === null ? prefs : { ...prefs, lowThreshold };
}
