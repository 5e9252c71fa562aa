import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MuiLink from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import providerType from "../../../schemas/ProviderType.json";
import { enumLabel } from "../../dataProvider/resourceSchema";

interface ConnectionSummary {
  connectionId: string;
  name: string;
  providerType: string;
  apiKeyMasked?: string;
  deploymentCount?: number;
}

/**
 * The apiKeys tab's summary of the model connections (their keys masked), with the way to manage
 * them: chat models are connections with deployments, not keys on this tab.
 */
export function ApiKeysConnections({ settings }: { settings: Record<string, unknown> }) {
  const { t } = useTranslation();
  const connections = (settings.connections ?? []) as ConnectionSummary[];
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t("instanceSettings.connections")}
        </Typography>
        <Button component={Link} to="/admin/connection">
          {t("instanceSettings.manageConnections")}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("instanceSettings.connectionsHint")}
      </Typography>
      {connections.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("instanceSettings.noConnections")}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("instanceSettings.columns.name")}</TableCell>
              <TableCell>{t("instanceSettings.columns.provider")}</TableCell>
              <TableCell>{t("instanceSettings.columns.apiKey")}</TableCell>
              <TableCell align="right">{t("instanceSettings.columns.deployments")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {connections.map((connection) => (
              <TableRow key={connection.connectionId}>
                <TableCell>
                  {/* Its edit page is where its deployments (models) are added. */}
                  <MuiLink component={Link} to={`/admin/connection/${connection.connectionId}/edit`}>
                    {connection.name}
                  </MuiLink>
                </TableCell>
                <TableCell>{enumLabel(providerType, connection.providerType)}</TableCell>
                <TableCell sx={{ fontFamily: "monospace" }}>{connection.apiKeyMasked || "—"}</TableCell>
                <TableCell align="right">{connection.deploymentCount ?? 0}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
