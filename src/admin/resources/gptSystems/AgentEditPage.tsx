import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { useParams } from "react-router-dom";
import type { AdminResource } from "../../dataProvider/resourceSchema";
import { ResourceEdit } from "../ResourceEdit";
import { AgentConfigurations } from "./AgentConfigurations";
import { AgentPageLinks } from "./AgentPageLinks";

/** /admin/gptsystem/{id}/edit: the registry's agent form, its configurations and links to its UX and publishing. */
export default function AgentEditPage({ resource }: { resource: AdminResource }) {
  const { id = "" } = useParams();
  // The links and configurations come first: the registry form below is long.
  return (
    <>
      <Box sx={{ px: { xs: 2, md: 3 }, pt: { xs: 2, md: 3 }, display: "flex", flexDirection: "column", gap: 2 }}>
        <AgentPageLinks gptSystemId={id} current="edit" />
        <Card variant="outlined">
          <CardContent>
            <AgentConfigurations gptSystemId={id} />
          </CardContent>
        </Card>
      </Box>
      <ResourceEdit resource={resource} />
    </>
  );
}
