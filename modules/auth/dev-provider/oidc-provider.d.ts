// The slice of oidc-provider 9 that the built-in development provider uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }
  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface OidcContext {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { login?: { accountId: string }; consent?: { grantId?: string } };
      provider: Provider;
    };
  }
  class Check {
    static REQUEST_PROMPT: boolean;
    static NO_NEED_TO_PROMPT: boolean;
    constructor(reason: string, description: string, check: (ctx: OidcContext) => boolean | Promise<boolean>);
  }
  export interface Prompt {
    checks: { add(check: Check, index?: number): void };
  }
  export interface Policy {
    get(name: string): Prompt | undefined;
  }
  export const interactionPolicy: { base(): Policy; Check: typeof Check };

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: {
      new (init: { accountId?: string; clientId?: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
  export default Provider;
}
