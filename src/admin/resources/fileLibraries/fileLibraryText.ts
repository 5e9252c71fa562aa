/** The file-library screens' visible text (English, like the rest of the admin's resource pages). */
export const fileLibraryText = {
  title: (name: string) => `File Library: ${name}`,
  newTitle: "New File Library",
  files: "Files",
  upload: "Upload files",
  uploading: "Uploading…",
  reindex: "Re-index",
  reindexed: (n: number) => `${n} file(s) queued for indexing`,
  uploaded: (n: number) => `${n} file(s) uploaded`,
  uploadFailed: (name: string, reason: string) => `${name}: ${reason}`,
  deleteFile: (name: string) => `Delete ${name}`,
  deleted: "File deleted",
  empty: "No files yet. Upload PDF, DOCX, text, Markdown, HTML, CSV or JSON files to make them searchable.",
  accepted: "PDF, DOCX, plain text, Markdown, HTML, CSV or JSON",
  columns: {
    fileName: "File",
    status: "Status",
    textIndex: "Text index",
    graphIndex: "Graph index",
    pages: "Pages",
    passages: "Passages",
    entities: "Entities",
    size: "Size",
    added: "Added",
  },
  back: "File Libraries",
  name: "Name",
  description: "Description",
  nameRequired: "Name is required",
  create: "Create",
  creating: "Creating…",
  notFound: "No such file library.",
};

/** A problem document's detail, else the error's message. */
export function errorText(error: unknown): string {
  const data = (error as { data?: { detail?: unknown; title?: unknown } } | null)?.data;
  if (typeof data?.detail === "string") return data.detail;
  if (typeof data?.title === "string") return data.title;
  return error instanceof Error ? error.message : String(error);
}
