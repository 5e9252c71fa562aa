import { useParams } from "react-router-dom";
import type { AdminResource } from "../../dataProvider/resourceSchema";
import { ResourceEdit } from "../ResourceEdit";
import { ConnectionDeployments } from "./ConnectionDeployments";

/**
 * /admin/connection/{id}/edit: the registry's connection form with the connection's deployments
 * above it. A connection serves no model until it has one, and a new connection opens here.
 */
export function ConnectionEditPage({ resource }: { resource: AdminResource }) {
  const { id = "" } = useParams();
  return <ResourceEdit resource={resource} before={<ConnectionDeployments connectionId={id} />} />;
}
