import type { CallbackIslandProps } from '../types';

/** Placeholder until sign-in lands. */
export function CallbackApp(_: CallbackIslandProps) {
  return (
    <main id="main" className="center-card">
      <p role="status">กำลังยืนยันตัวตน...</p>
    </main>
  );
}
