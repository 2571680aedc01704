// One small interface for every text generator: stream deltas, stop on an AbortSignal, report usage.
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

export type LlmChunk = { delta: string } | { usage: LlmUsage };

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
}
