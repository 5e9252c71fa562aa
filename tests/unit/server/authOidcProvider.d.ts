/** The part of oidc-provider 9 (which ships no types) that the tests' local identity provider uses. */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface Interaction {
    uid: string;
    params: Record<string, unknown>;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (properties: { accountId: string; clientId: string }) => Grant;
  }
}
