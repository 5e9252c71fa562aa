import CheckIcon from "@mui/icons-material/Check";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { showToast } from "../../../app/toast/toastStore";
import type { components } from "../../../generated/api";
import { fileLibraryKeys, REGISTRY_RESOURCE } from "../fileLibraries/fileLibraryApi";
import { errorText, fileLibraryText as text } from "../fileLibraries/fileLibraryText";
import { ResourcePage } from "../ResourcePage";
import { runAdminStream } from "./adminStream";
import { dataSourceEditPath } from "./dataSourcePaths";

type Creation = components["schemas"]["DataSourceCreation"];

/**
 * /admin/datasource/{dataSourceType}/{endpointsType}/new: creates a file library
 * with its default endpoints through the admin stream, showing each step as it
 * arrives, then refreshes the data source lists and opens the new library.
 */
export function NewDataSourcePage() {
  const { dataSourceType = "FileLibrary", endpointsType = "default" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [nameError, setNameError] = useState("");
  const [steps, setSteps] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(text.nameRequired);
      return;
    }
    setNameError("");
    setErrors([]);
    setSteps([]);
    setRunning(true);
    try {
      const result = await runAdminStream<Creation>(
        "/admin/dataSources/withDefaultEndpoints",
        { name: name.trim(), description },
        { onStep: (step) => setSteps((list) => [...list, step]) },
      );
      // Spec §4: the data source lists are read again once the stream ends.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [REGISTRY_RESOURCE] }),
        queryClient.invalidateQueries({ queryKey: fileLibraryKeys.all }),
      ]);
      if (!result || result.errors.length > 0 || !result.dataSource) {
        setErrors(result?.errors ?? ["The stream ended without a result."]);
        return;
      }
      showToast(result.dataSource.name);
      navigate(dataSourceEditPath(result.dataSource.dataSourceId!, dataSourceType, endpointsType));
    } catch (error) {
      setErrors([errorText(error)]);
    } finally {
      setRunning(false);
    }
  };

  return (
    <ResourcePage title={text.newTitle}>
      <Card variant="outlined">
        <CardContent>
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            sx={{ display: "flex", flexDirection: "column", gap: 2, maxWidth: 560 }}
          >
            <TextField
              label={text.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(nameError)}
              helperText={nameError || " "}
              slotProps={{ htmlInput: { maxLength: 150 } }}
              required
              disabled={running}
            />
            <TextField
              label={text.description}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
              disabled={running}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={running}
                startIcon={running ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {running ? text.creating : text.create}
              </Button>
            </Box>
            {steps.length > 0 && (
              <List dense aria-label="Progress">
                {steps.map((step, i) => (
                  <ListItem key={step} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {running && i === steps.length - 1 ? (
                        <CircularProgress size={16} />
                      ) : (
                        <CheckIcon color="success" fontSize="small" />
                      )}
                    </ListItemIcon>
                    <ListItemText primary={step} />
                  </ListItem>
                ))}
              </List>
            )}
            {errors.length > 0 && (
              <Alert severity="error">
                {errors.map((e) => (
                  <div key={e}>{e}</div>
                ))}
              </Alert>
            )}
          </Box>
        </CardContent>
      </Card>
    </ResourcePage>
  );
}
