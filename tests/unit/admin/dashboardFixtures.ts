/** Analytics answers for front-end tests: an empty period by default, or the figures a test gives. */
import { http, HttpResponse } from "msw";
import type { components } from "../../../src/generated/api";

type Schemas = components["schemas"];
const ANALYTICS = "/api/internal/admin/analytics/conversations";

export const zeroFigures: Schemas["AnalyticsFigures"] = {
  conversations: 0,
  segments: 0,
  activeUsers: 0,
  inputTokens: 0,
  outputTokens: 0,
  feedbackPositive: 0,
  feedbackNegative: 0,
  averageTimeToFirstTokenMs: null,
  averageDurationMs: null,
};

const period = (query: URLSearchParams): Schemas["AnalyticsPeriod"] => ({
  reportingPeriod: (query.get("reportingPeriod") ?? "Last30Days") as Schemas["AnalyticsPeriod"]["reportingPeriod"],
  from: query.get("from") ?? "2026-10-24",
  to: query.get("to") ?? "2026-11-22",
  days: 30,
});

export interface AnalyticsAnswers {
  totals?: (query: URLSearchParams) => Schemas["AnalyticsFigures"];
  days?: Schemas["AnalyticsDay"][];
  agents?: Schemas["AnalyticsAgent"][];
  hipaaMode?: boolean;
  csv?: string;
}

export function analyticsHandlers(answers: AnalyticsAnswers = {}) {
  return [
    http.get(`${ANALYTICS}/summary`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json({
        period: period(query),
        gptSystemId: query.get("gptSystemId"),
        hipaaMode: answers.hipaaMode ?? false,
        totals: answers.totals?.(query) ?? zeroFigures,
      });
    }),
    http.get(`${ANALYTICS}/perDay`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json({
        period: period(query),
        gptSystemId: query.get("gptSystemId"),
        days: answers.days ?? [],
      });
    }),
    http.get(`${ANALYTICS}/perAgent`, ({ request }) =>
      HttpResponse.json({ period: period(new URL(request.url).searchParams), agents: answers.agents ?? [] }),
    ),
    http.get(
      `${ANALYTICS}/export`,
      () =>
        new HttpResponse(answers.csv ?? "date\r\n", {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": 'attachment; filename="analytics-export.csv"',
          },
        }),
    ),
  ];
}
