// Server-sent events as the server sends them and the browser reads them (docs/api.md "Streaming"):
// `event: <name>\ndata: <json>\n\n`. Answers and drafts: meta, token…, then done or error. Uploads:
// extraction `progress` then `result`; indexing `progress` until ready or failed.

export type SseEventName = 'meta' | 'token' | 'done' | 'error' | 'progress' | 'result';

/** First event of a streamed answer or draft: the id /api/cancel takes (and the saved turn's id). */
export interface MetaEvent {
  connection_id: string;
  conversationDetailId?: string;
}

/** Text to append (tokens arriving within ~80 ms travel in one event). */
export interface TokenEvent {
  text: string;
}

/** A failure after the stream started: the same code and Thai message as the JSON error envelope. */
export interface ErrorEvent {
  code: string;
  message: string;
}

/** Indexing a saved document: GET /api/files/{id}/progress. */
export type IndexStage = 'extracting' | 'ocr' | 'chunking' | 'embedding' | 'indexing' | 'ready' | 'failed';
export interface IndexProgressEvent {
  stage: IndexStage;
  done: number;
  total: number;
  message?: string;
}

/** Reading an uploaded file: POST /api/extract[/ocr], pages done of the current phase. */
export interface ExtractProgressEvent {
  phase: 'extract' | 'ocr';
  done: number;
  total: number;
}
