import { Route, Routes } from "react-router-dom";
import { NotFoundScreen } from "../../../app/layout/NotFoundScreen";
import { paths } from "../../../app/routes/paths";
import { ModerationGate } from "./ModerationGate";
import { ModerationListPage } from "./ModerationListPage";
import { ModerationReportPage } from "./ModerationReportPage";

/** /admin/moderation and /admin/moderation/report/{moderationReportId}/view (spec §2); a lazy chunk. */
export default function ModerationRoutes() {
  return (
    <ModerationGate>
      <Routes>
        <Route index element={<ModerationListPage />} />
        <Route path="report/:moderationReportId/view" element={<ModerationReportPage />} />
        <Route path="*" element={<NotFoundScreen homePath={paths.admin} />} />
      </Routes>
    </ModerationGate>
  );
}
