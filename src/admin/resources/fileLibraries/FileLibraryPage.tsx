import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import DeleteIcon from "@mui/icons-material/Delete";
import RefreshIcon from "@mui/icons-material/Refresh";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { type ReactNode, useRef, useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { showToast } from "../../../app/toast/toastStore";
import type { AdminResource } from "../../dataProvider/resourceSchema";
import { ResourceEdit } from "../ResourceEdit";
import {
  type DataSourceFile,
  type DataSourceStatus,
  useDeleteFile,
  useFileLibrary,
  useLibraryFiles,
  useReindex,
  useUploadFiles,
} from "./fileLibraryApi";
import { errorText, fileLibraryText as text } from "./fileLibraryText";
import { IndexStatusChip } from "./IndexStatusChip";

const ACCEPT = ".pdf,.docx,.txt,.md,.markdown,.html,.htm,.csv,.json";

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });

function FileRow({ file, onDelete, deleting }: { file: DataSourceFile; onDelete: () => void; deleting: boolean }) {
  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 280, overflowWrap: "anywhere" }}>{file.fileName}</TableCell>
      <TableCell>
        <IndexStatusChip status={file.textIndexStatus} reason={file.errorText} />
      </TableCell>
      <TableCell>
        <IndexStatusChip status={file.graphIndexStatus} reason={file.graphErrorText ?? file.errorText} />
      </TableCell>
      <TableCell align="right">{file.pageCount ?? "—"}</TableCell>
      <TableCell align="right">{file.chunkCount ?? "—"}</TableCell>
      <TableCell align="right">{file.entityCount ?? "—"}</TableCell>
      <TableCell align="right">{formatBytes(file.byteSize)}</TableCell>
      <TableCell>{formatDate(file.createdAt)}</TableCell>
      <TableCell padding="checkbox">
        <IconButton aria-label={text.deleteFile(file.fileName)} onClick={onDelete} disabled={deleting} size="small">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

function FilesTable({ dataSourceId }: { dataSourceId: string }) {
  const files = useLibraryFiles(dataSourceId);
  const remove = useDeleteFile(dataSourceId);
  if (files.isPending) return <CircularProgress aria-label="Loading" />;
  if (files.error) return <Alert severity="error">{errorText(files.error)}</Alert>;
  if (files.data.length === 0) return <Typography color="text.secondary">{text.empty}</Typography>;
  const c = text.columns;
  return (
    <TableContainer>
      <Table size="small" aria-label={text.files}>
        <TableHead>
          <TableRow>
            <TableCell>{c.fileName}</TableCell>
            <TableCell>{c.textIndex}</TableCell>
            <TableCell>{c.graphIndex}</TableCell>
            <TableCell align="right">{c.pages}</TableCell>
            <TableCell align="right">{c.passages}</TableCell>
            <TableCell align="right">{c.entities}</TableCell>
            <TableCell align="right">{c.size}</TableCell>
            <TableCell>{c.added}</TableCell>
            <TableCell padding="checkbox" />
          </TableRow>
        </TableHead>
        <TableBody>
          {files.data.map((file) => (
            <FileRow
              key={file.fileId}
              file={file}
              deleting={remove.isPending && remove.variables === file.fileId}
              onDelete={() =>
                remove.mutate(file.fileId, {
                  onSuccess: () => showToast(text.deleted),
                  onError: (error) => showToast(errorText(error), "error"),
                })
              }
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LibraryActions({ dataSourceId }: { dataSourceId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFiles(dataSourceId);
  const reindex = useReindex(dataSourceId);
  const [failures, setFailures] = useState<string[]>([]);
  const onFiles = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = "";
    if (files.length === 0) return;
    setFailures([]);
    upload.mutate(files, {
      onSuccess: (failed) => {
        const done = files.length - failed.length;
        if (done > 0) showToast(text.uploaded(done));
        setFailures(failed.map((f) => text.uploadFailed(f.fileName, errorText(f.error))));
      },
    });
  };
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button
          variant="contained"
          startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : <CloudUploadIcon />}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? text.uploading : text.upload}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          data-testid="file-library-upload"
          onChange={(e) => onFiles(e.target.files)}
        />
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          disabled={reindex.isPending}
          onClick={() =>
            reindex.mutate(undefined, {
              onSuccess: (result) => showToast(text.reindexed(result.queued)),
              onError: (error) => showToast(errorText(error), "error"),
            })
          }
        >
          {text.reindex}
        </Button>
      </Box>
      {failures.length > 0 && (
        <Alert severity="error" onClose={() => setFailures([])}>
          {failures.map((f) => (
            <div key={f}>{f}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}

/**
 * /admin/datasource/{dataSourceType}/{endpointsType}/{dataSourceId}/edit: the
 * library's form (the registry's, name and description), then its files with
 * their text and graph index status, upload and re-index.
 */
export function FileLibraryPage({ resource }: { resource?: AdminResource }) {
  const { id: dataSourceId = "" } = useParams();
  const library = useFileLibrary(dataSourceId);
  const title = text.files;
  return (
    <>
      {resource && <ResourceEdit resource={resource} />}
      <FilesSection title={title} status={library.data?.status}>
        {library.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : library.error ? (
          <Alert severity="error">{errorText(library.error)}</Alert>
        ) : (
          <Card variant="outlined">
            <CardContent sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
              <Typography variant="caption" color="text.secondary">
                {text.accepted}
              </Typography>
              <LibraryActions dataSourceId={dataSourceId} />
              <FilesTable dataSourceId={dataSourceId} />
            </CardContent>
          </Card>
        )}
      </FilesSection>
    </>
  );
}

function FilesSection({ title, status, children }: { title: string; status?: DataSourceStatus; children: ReactNode }) {
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 3, display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {status && <IndexStatusChip status={status} />}
        <Box sx={{ flex: 1 }} />
        <Link component={RouterLink} to="/admin/datasource" underline="hover">
          {text.back}
        </Link>
      </Box>
      {children}
    </Box>
  );
}
