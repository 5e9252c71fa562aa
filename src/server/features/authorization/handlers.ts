/** The authorization tag: exchanges an identity-provider sign-in for a product token. */
import type { FastifyRequest } from "fastify";
import type { components } from "../../../generated/api";
import { signProductToken, type ProductTokenSubject } from "../../auth/productToken";
import type { FieldErrors } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { signInEntraId, type EntraIdCredentials } from "./entraIdSignIn";
import { signInLocal, type LocalCredentials } from "./localSignIn";
import { missingFields } from "./signInProblems";

type IdentityProvider = components["schemas"]["IdentityProvider"];
type GenerateTokenRequest = components["schemas"]["GenerateTokenRequest"];
type GenerateTokenResponse = components["schemas"]["GenerateTokenResponse"];

const IS_REQUIRED = "is required";

/** The contract lets every field be optional (one body for all providers); each provider requires its own. */
function localCredentials(body: GenerateTokenRequest): LocalCredentials {
  const userName = body.userName?.trim() ?? "";
  const password = body.password ?? "";
  const errors: FieldErrors = {};
  if (!userName) errors.userName = [IS_REQUIRED];
  if (!password) errors.password = [IS_REQUIRED];
  if (Object.keys(errors).length > 0) throw missingFields(errors);
  return { userName, password };
}

function entraIdCredentials(body: GenerateTokenRequest): EntraIdCredentials {
  if (body.idToken) return { token: body.idToken, kind: "idToken" };
  if (body.accessToken) return { token: body.accessToken, kind: "accessToken" };
  throw missingFields({ idToken: [`${IS_REQUIRED} (or accessToken)`] });
}

async function signIn(
  request: FastifyRequest,
  provider: IdentityProvider,
  ctx: HandlerContext,
): Promise<ProductTokenSubject> {
  const body = request.body as GenerateTokenRequest;
  const db = ctx.deps.database.db;
  if (provider === "local") return signInLocal(db, localCredentials(body));
  return signInEntraId({ db, config: ctx.deps.config, log: request.log }, entraIdCredentials(body));
}

export const authorizationHandlers: Handlers = {
  async generateToken(request, _reply, ctx): Promise<GenerateTokenResponse> {
    const { identityProvider } = request.params as { identityProvider: IdentityProvider };
    const subject = await signIn(request, identityProvider, ctx);
    return { n1AIToken: await signProductToken(ctx.deps.config, subject) };
  },
};
