// CPU of reading chat attachments' multipart bodies (src/http/multipart.ts): 20 bodies of five 1.9 MB files each,
// in 64 KB chunks, spooled to a temp folder, as the attachment flood sends them (#34). Run against a checkout:
//   bun scripts/bench/multipart.ts [root]    (default: this checkout)
const root = process.argv[2] ?? `${import.meta.dir}/../..`;
const { readMultipart } = await import(`${root}/src/http/multipart.ts`);
const { mkdtempSync, rmSync } = await import('node:fs');
const dir = mkdtempSync(`${(await import('node:os')).tmpdir()}/askreg-bench-mp-`);
const enc = new TextEncoder();
const file = new Uint8Array(1.9 * 1024 * 1024).fill(0x30);
const parts: Uint8Array[] = [enc.encode('--XyZ\r\ncontent-disposition: form-data; name="message"\r\n\r\nx\r\n')];
for (let j = 0; j < 5; j++)
  parts.push(
    enc.encode(`--XyZ\r\ncontent-disposition: form-data; name="files"; filename="f${j}.pdf"\r\ncontent-type: application/pdf\r\n\r\n`),
    file,
    enc.encode('\r\n'),
  );
parts.push(enc.encode('--XyZ--\r\n'));
const raw = Buffer.concat(parts);
const stream = () => {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (i >= raw.length) return c.close();
      c.enqueue(raw.slice(i, i + 65536));
      i += 65536;
    },
  });
};
const c0 = process.cpuUsage();
const t0 = performance.now();
for (let r = 0; r < 20; r++) {
  const res = await readMultipart(stream(), 'multipart/form-data; boundary=XyZ', {
    tmpDir: dir,
    maxFileBytes: 20e6,
    fileField: () => true,
    maxFiles: 5,
    hash: false,
  });
  for (const f of res.files) rmSync(f.tmpPath);
}
const c = process.cpuUsage(c0);
console.log(
  root,
  `20 bodies of ${(raw.length / 1048576).toFixed(1)} MB: main+pool CPU ${((c.user + c.system) / 1000).toFixed(0)} ms, wall ${(performance.now() - t0).toFixed(0)} ms`,
);
rmSync(dir, { recursive: true });
