import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chunkDocument } from "./chunker.ts";
import { retrievalConfidence } from "./confidence.ts";
import { noEmbedder } from "./embedding/index.ts";
import { openKnowledgeIndex, type KnowledgeIndex } from "./index-store.ts";
import { rankDocuments } from "./retrieval.ts";

const regulation = readFileSync(join(import.meta.dir, "../../../shared/fixtures/docs/regulation.txt"), "utf8");
let dir: string;
let index: KnowledgeIndex;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "askreg-conf-"));
  index = await openKnowledgeIndex(dir, noEmbedder);
  await index.indexDocument({ documentId: "reg", title: "ข้อบังคับการจัดกิจกรรม", category: null, isActive: true, fileType: "txt" }, chunkDocument({ title: "ข้อบังคับการจัดกิจกรรม", pages: [{ page: 1, text: regulation }] }));
});
afterAll(async () => {
  await index.close();
  await rm(dir, { recursive: true, force: true });
});

const confidence = async (q: string) => retrievalConfidence(q, await index.search(q, { k: 20 }), { corpusChunks: await index.count() });

describe("retrievalConfidence", () => {
  test("in-scope regulation questions score at least 30, out-of-scope below 30", async () => {
    const inScope = ["องค์กรนักศึกษาต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน", "การจัดกิจกรรมค้างคืนต้องมีหนังสือยินยอมจากผู้ปกครองหรือไม่"];
    const outOfScope = ["ทีมฟุตบอลแมนเชสเตอร์ยูไนเต็ดชนะเลิศพรีเมียร์ลีกกี่สมัย", "สูตรต้มยำกุ้งน้ำข้นใส่นมสดกี่ช้อน"];
    for (const q of inScope) expect((await confidence(q)).confidence).toBeGreaterThanOrEqual(30);
    for (const q of outOfScope) expect((await confidence(q)).confidence).toBeLessThan(30);
    const a = await confidence(inScope[0]);
    const b = await confidence(outOfScope[0]);
    expect(a.coverage).toBeGreaterThan(b.coverage);
    expect(a.confidence).toBeGreaterThan(b.confidence);
  });

  test("a tiny library is never scored as more certain than the size the weights were fitted on", async () => {
    const q = "มหาวิทยาลัยตั้งอยู่ที่ไหน";
    const hits = await index.search(q, { k: 20 });
    const tiny = retrievalConfidence(q, hits, { corpusChunks: 10 }).confidence;
    expect(tiny).toBe(retrievalConfidence(q, hits, { corpusChunks: 250 }).confidence);
    expect(tiny).toBeLessThan(retrievalConfidence(q, hits, { corpusChunks: 5 }).confidence + 1e-9);
    expect(tiny).toBeGreaterThan(retrievalConfidence(q, hits, { corpusChunks: 100_000 }).confidence);
  });

  test("no hits or only stop words give zero", () => {
    expect(retrievalConfidence("ค่าปรับเท่าไร", []).confidence).toBe(0);
  });
});

describe("rankDocuments", () => {
  test("keeps the best chunk per document, ordered by score", () => {
    const hit = (documentId: string, score: number) => ({ documentId, title: documentId, category: null, fileType: "txt", chunkOrdinal: 0, text: "", headingPath: [], page: 1, score });
    const ranked = rankDocuments([hit("a", 1), hit("b", 3), hit("a", 5), hit("c", 2)], 2);
    expect(ranked.map((r) => [r.documentId, r.score])).toEqual([["a", 5], ["b", 3]]);
    expect(ranked[0].best.score).toBe(5);
  });
});
