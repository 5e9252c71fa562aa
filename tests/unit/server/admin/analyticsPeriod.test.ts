/** Reporting periods on fixed clocks: UTC days, today included, both ends inclusive. */
import { describe, expect, it } from "vitest";
import { daysOf, resolvePeriod } from "../../../../src/server/features/adminAnalytics/reportingPeriod";

const at = (iso: string) => new Date(iso);

describe("resolvePeriod", () => {
  it("ends LastNDays with today whatever the hour, and starts it N-1 days earlier at midnight UTC", () => {
    for (const now of ["2026-03-10T00:00:00.000Z", "2026-03-10T23:59:59.999Z"]) {
      const week = resolvePeriod({ reportingPeriod: "Last7Days" }, at(now));
      expect(week).toEqual({
        reportingPeriod: "Last7Days",
        from: "2026-03-04",
        to: "2026-03-10",
        days: 7,
        start: at("2026-03-04T00:00:00.000Z"),
        end: at("2026-03-11T00:00:00.000Z"),
      });
    }
    expect(resolvePeriod({ reportingPeriod: "Last30Days" }, at("2026-03-10T12:00:00Z"))).toMatchObject({
      from: "2026-02-09",
      days: 30,
    });
    // Across a leap day.
    expect(resolvePeriod({ reportingPeriod: "Last90Days" }, at("2028-03-31T08:00:00Z"))).toMatchObject({
      from: "2028-01-02",
      to: "2028-03-31",
      days: 90,
    });
  });

  it("takes a Custom period's days as given, up to 366 of them", () => {
    const leapYear = resolvePeriod(
      { reportingPeriod: "Custom", from: "2028-01-01", to: "2028-12-31" },
      at("2026-01-01T00:00:00Z"),
    );
    expect(leapYear).toMatchObject({ days: 366, start: at("2028-01-01T00:00:00Z"), end: at("2029-01-01T00:00:00Z") });
    const oneDay = resolvePeriod({ reportingPeriod: "Custom", from: "2026-03-01", to: "2026-03-01" }, new Date());
    expect(daysOf(oneDay)).toEqual(["2026-03-01"]);
    expect(() =>
      resolvePeriod({ reportingPeriod: "Custom", from: "2027-01-01", to: "2028-01-02" }, new Date()),
    ).toThrow("The request is not valid.");
  });

  it("lists every day of a period in order", () => {
    expect(
      daysOf(resolvePeriod({ reportingPeriod: "Custom", from: "2026-02-27", to: "2026-03-02" }, new Date())),
    ).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});
