/**
 * Opens the source of a citation: GET …/segments/{id}/citations?title=&path=
 * through the typed client (the product token and the 401/503 rules apply), as a
 * blob. A PDF opens in a new tab at the cited page; anything else is saved as a
 * download (never shown in the product's origin: an HTML file there would run).
 */
import { api } from "../../app/api/client";
import { isApiError } from "../../app/api/errors";
import { logger } from "../../app/logger";
import type { components } from "../../generated/api";
import { fileNameFromDisposition } from "./fileNameFromDisposition";

type Citation = components["schemas"]["Citation"];

/** Long enough for the new tab or the download to have read it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Spec §8 blob fetch failures: the message says which of the two it was. */
export type CitationOpenFailure = { kind: "status"; status: number | string } | { kind: "objectUrl" };

export class CitationSourceError extends Error {
  constructor(readonly failure: CitationOpenFailure) {
    super(failure.kind === "status" ? `Failed to fetch blob, status: ${failure.status}` : "Error fetching object URL.");
    this.name = "CitationSourceError";
  }
}

/** How the cited file is fetched: the chat's own operation, or another one (the test chat of a draft configuration). */
export type CitationFetcher = (
  conversationId: string,
  conversationSegmentId: string,
  citation: Citation,
) => Promise<{ data?: Blob; response: Response }>;

const fetchChatCitation: CitationFetcher = (conversationId, conversationSegmentId, citation) =>
  api.GET("/userConversations/{conversationId}/segments/{conversationSegmentId}/citations", {
    params: {
      path: { conversationId, conversationSegmentId },
      query: { title: citation.title, path: citation.path },
    },
    parseAs: "blob",
  });

async function fetchSource(conversationId: string, conversationSegmentId: string, citation: Citation, fetcher: CitationFetcher) {
  try {
    const { data, response } = await fetcher(conversationId, conversationSegmentId, citation);
    if (!data) throw new CitationSourceError({ kind: "status", status: response.status });
    return {
      blob: data,
      fileName: fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? citation.title,
    };
  } catch (error) {
    if (error instanceof CitationSourceError) throw error;
    if (isApiError(error) && typeof error.status === "number")
      throw new CitationSourceError({ kind: "status", status: error.status });
    logger.error("Error fetching object URL.", error);
    throw new CitationSourceError({ kind: "objectUrl" });
  }
}

function isPdf(fileName: string, head: Uint8Array): boolean {
  return /\.pdf$/i.test(fileName) && new TextDecoder().decode(head) === "%PDF";
}

function saveAs(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/** Resolves how the source was shown: in a new tab, or as a download. */
export async function openCitationSource(
  conversationId: string,
  conversationSegmentId: string,
  citation: Citation,
  fetcher: CitationFetcher = fetchChatCitation,
): Promise<"tab" | "download"> {
  const { blob, fileName } = await fetchSource(conversationId, conversationSegmentId, citation, fetcher);
  const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  const pdf = isPdf(fileName, head);
  let url: string;
  try {
    url = URL.createObjectURL(pdf ? blob.slice(0, blob.size, "application/pdf") : blob);
  } catch (error) {
    logger.error("Error fetching object URL.", error);
    throw new CitationSourceError({ kind: "objectUrl" });
  }
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  if (pdf) {
    // The browser's PDF viewer opens at #page=n.
    const opened = window.open(citation.page ? `${url}#page=${citation.page}` : url, "_blank");
    if (opened) {
      opened.opener = null;
      return "tab";
    }
  }
  saveAs(url, fileName);
  return "download";
}
