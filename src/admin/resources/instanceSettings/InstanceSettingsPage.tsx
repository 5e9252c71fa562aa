import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router-dom";
import { showToast } from "../../../app/toast/toastStore";
import {
  type AdminDataProvider,
  INSTANCE_SETTINGS_TABS,
  type InstanceSettingsTab,
} from "../../dataProvider/adminDataProvider";
import { SchemaForm } from "../../forms/SchemaForm";
import { ResourcePage } from "../ResourcePage";
import { ApiKeysConnections } from "./ApiKeysConnections";
import { BudgetUsage } from "./BudgetUsage";
import { instanceSettingsSchemas, instanceSettingsUiSchemas } from "./instanceSettingsSchemas";

const isTab = (value: string | undefined): value is InstanceSettingsTab =>
  (INSTANCE_SETTINGS_TABS as readonly string[]).includes(value ?? "");

/** One tab's settings: its form, and what the tab shows beside it (connections, budget usage). */
function SettingsTab({ tab }: { tab: InstanceSettingsTab }) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ["admin", "instanceSettings", tab];
  const { data, error, isPending, dataUpdatedAt } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getInstanceSettings(tab),
  });
  const schema = instanceSettingsSchemas[tab];

  const save = async (values: Record<string, unknown>) => {
    const saved = await dataProvider.updateInstanceSettings(tab, schema, values);
    queryClient.setQueryData(queryKey, saved);
    showToast(t("instanceSettings.saved"));
    return saved;
  };

  if (isPending) return <CircularProgress aria-label={t("app.loadingName")} />;
  if (error || !data) return <Alert severity="error">{t("instanceSettings.loadFailed")}</Alert>;
  return (
    <Stack spacing={3}>
      {tab === "budget" && <BudgetUsage settings={data} />}
      <SchemaForm
        // A new answer (after Save) restarts the form from it: masked keys, cleared secret fields.
        key={`${tab}-${dataUpdatedAt}`}
        schema={schema}
        uiSchema={instanceSettingsUiSchemas[tab]}
        mode="edit"
        record={data}
        onSubmit={save}
      />
      {tab === "apiKeys" && <ApiKeysConnections settings={data} />}
    </Stack>
  );
}

/** /admin/instanceSettings/<tab>: spec §2's tabs (the index redirects to apiKeys), each a form over its own endpoint. */
export function InstanceSettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  if (!isTab(tab)) return <Navigate to="/admin/instanceSettings/apiKeys" replace />;
  return (
    <ResourcePage title={t("instanceSettings.title")}>
      <Tabs value={tab} variant="scrollable" aria-label={t("instanceSettings.title")}>
        {INSTANCE_SETTINGS_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`instanceSettings.tabs.${name}`)}
            component={Link}
            to={`/admin/instanceSettings/${name}`}
          />
        ))}
      </Tabs>
      <Card variant="outlined">
        <CardContent>
          <SettingsTab key={tab} tab={tab} />
        </CardContent>
      </Card>
    </ResourcePage>
  );
}
