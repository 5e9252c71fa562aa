import Chip, { type ChipProps } from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import type { DataSourceStatus, FileIndexStatus } from "./fileLibraryApi";

/** Spec §3 status colour map: Online, OutOfDate, Error, Processing, Queued. */
const COLOURS: Record<FileIndexStatus, ChipProps["color"]> = {
  Online: "success",
  OutOfDate: "warning",
  Error: "error",
  Processing: "info",
  Queued: "default",
};

export function IndexStatusChip({
  status,
  reason,
}: {
  status: FileIndexStatus | DataSourceStatus;
  reason?: string | null;
}) {
  const chip = <Chip size="small" variant="outlined" color={COLOURS[status]} label={status} />;
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
}
