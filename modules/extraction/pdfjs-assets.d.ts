// Bun's `with { type: 'file' }` imports give a path (a real file, or one inside the single binary).
declare module 'pdfjs-dist/wasm/*.wasm' {
  const path: string;
  export default path;
}
// pdf.js's parser entry: only its WorkerMessageHandler is used, to run the parser in this thread.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
// The Sarabun font the Thai digit templates are drawn with (thai-digits.ts).
declare module '@fontsource/sarabun/files/*.woff2' {
  const path: string;
  export default path;
}
