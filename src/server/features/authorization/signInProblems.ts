/** The answers GenerateToken refuses with; one wording per cause so clients and tests can rely on it. */
import { HttpProblem, type FieldErrors } from "../../http/problem";
import { lockedOutDetail } from "./lockoutPolicy";

export function missingFields(errors: FieldErrors): HttpProblem {
  return new HttpProblem(400, "Bad Request", "The request is not valid.", errors);
}

/** Also answers for unknown and disabled users, so the response does not reveal which user names exist. */
export function wrongUserNameOrPassword(): HttpProblem {
  return new HttpProblem(401, "Unauthorized", "The user name or password is incorrect.");
}

export function lockedOut(secondsRemaining: number): HttpProblem {
  return new HttpProblem(429, "Too Many Requests", lockedOutDetail(secondsRemaining), undefined, {
    "Retry-After": String(secondsRemaining),
  });
}

export function entraIdNotConfigured(): HttpProblem {
  return new HttpProblem(400, "Bad Request", "Microsoft Entra ID sign-in is not configured.");
}

export function identityTokenRejected(): HttpProblem {
  return new HttpProblem(401, "Unauthorized", "The identity token could not be verified.");
}

/** Only said after the identity provider has proven who the caller is, so it reveals nothing to a stranger. */
export function accountDisabled(): HttpProblem {
  return new HttpProblem(401, "Unauthorized", "This account is disabled. Ask an administrator to enable it.");
}
