// One small interface for every text generator: stream deltas, stop on an AbortSignal, report usage.
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

/** `finish` is why the model stopped: 'length' means it hit its token limit and the reply is cut. */
export type LlmChunk = { delta: string } | { usage: LlmUsage } | { finish: string };

export interface LlmOptions {
  signal: AbortSignal;
  temperature?: number;
  maxTokens?: number;
}

export interface LlmProvider {
  /** 'ollama:<model>', 'openai:<model>' */
  name: string;
  /** Must close the upstream HTTP request when `signal` aborts, at any point (before headers too). */
  stream(messages: ChatMessage[], opts: LlmOptions): AsyncIterable<LlmChunk>;
}

export interface LlmResult {
  text: string;
  usage: LlmUsage | null;
  /** the model stopped at its token limit: the text is cut short */
  truncated: boolean;
}
