/** Contract samples for vision images, attachments and citations, on files the fixture uploads once. */
import { decodeFrames } from "../../src/server/streaming/sse";
import { createAgent } from "../helpers/chatFixtures";
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";
import { makeImage, makePdf, multipart } from "../helpers/fileFixtures";

export interface FilesFixture {
  visionImageId: string;
  blobFileName: string;
  attachmentId: string;
  citedConversationId: string;
  citedSegmentId: string;
  citationQuery: string;
  dataSourceId: string;
  dataSourceFileId: string;
  /** A library the samples delete (the other one stays for the rest). */
  disposableDataSourceId: string;
}

export async function createFilesFixture(t: TestApp): Promise<FilesFixture> {
  const headers = { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` };
  const imageBody = multipart({}, { name: "pixel.png", content: await makeImage("png", 8, 8) });
  const image = await t.app.inject({
    method: "POST",
    url: "/api/internal/userConversations/VisionImages/Files",
    headers: { ...headers, ...imageBody.headers },
    payload: imageBody.payload,
  });
  const fileBody = multipart(
    { attachmentType: "FileSearch", context: "Conversation" },
    { name: "facts.pdf", content: makePdf([["The answer is 42."]]) },
  );
  const attachment = await t.app.inject({
    method: "POST",
    url: "/api/internal/attachments",
    headers: { ...headers, ...fileBody.headers },
    payload: fileBody.payload,
  });
  const { attachmentId } = attachment.json() as { attachmentId: string };
  // The local engine quotes the file, so the answer has a citation to download.
  const { gptSystemId } = await createAgent(t.deps.database.db, {
    name: "Contract files agent",
    encryptionKey: t.deps.config.encryptionKey,
  });
  const stream = await t.app.inject({
    method: "POST",
    url: `/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
    headers,
    payload: { question: "What is the answer?", attachmentIds: [attachmentId] },
  });
  const frames = decodeFrames(stream.body);
  const ids = frames[0]!.data as { conversationId: string; conversationSegmentId: string };
  const citation = (
    frames.find((f) => f.event === "response-model")!.data as { citations: { title: string; path: string }[] }
  ).citations[0]!;
  const library = async (name: string) =>
    (await t.app.inject({ method: "POST", url: "/api/internal/admin/dataSources", headers, payload: { name } })).json()
      .dataSourceId as string;
  const dataSourceId = await library("Contract library");
  const libraryFile = multipart({}, { name: "policy.md", content: Buffer.from("# Policy\nBe kind.") });
  const uploaded = await t.app.inject({
    method: "POST",
    url: `/api/internal/admin/dataSources/${dataSourceId}/files`,
    headers: { ...headers, ...libraryFile.headers },
    payload: libraryFile.payload,
  });
  return {
    dataSourceId,
    dataSourceFileId: uploaded.json().fileId,
    disposableDataSourceId: await library("Disposable library"),
    visionImageId: image.json().visionImageId,
    blobFileName: image.json().blobFileName,
    attachmentId,
    citedConversationId: ids.conversationId,
    citedSegmentId: ids.conversationSegmentId,
    citationQuery: `title=${encodeURIComponent(citation.title)}&path=${encodeURIComponent(citation.path)}`,
  };
}

const missing = "00000000-0000-4000-8000-000000000000";
const png = multipart({}, { name: "p.png", content: Buffer.from("89504e470d0a1a0a", "hex") });
const svg = multipart({}, { name: "x.svg", content: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
const text = multipart(
  { attachmentType: "FileSearch", context: "Conversation" },
  { name: "a.txt", content: Buffer.from("Hello.") },
);
const badType = multipart(
  { attachmentType: "Vision", context: "Conversation" },
  { name: "a.txt", content: Buffer.from("Hello.") },
);
const libraryFile = multipart({}, { name: "faq.txt", content: Buffer.from("Questions and answers.") });
const library = (f: FilesFixture) => `/admin/dataSources/${f.dataSourceId}`;
const citations = (f: FilesFixture) =>
  `/userConversations/${f.citedConversationId}/segments/${f.citedSegmentId}/citations`;

export const filesSamples = [
  {
    operationId: "uploadVisionImage",
    method: "POST",
    url: "/userConversations/VisionImages/Files",
    payload: svg.payload,
    headers: svg.headers,
    status: 415,
  },
  {
    operationId: "uploadVisionImage",
    method: "POST",
    url: "/userConversations/VisionImages/Files",
    payload: png.payload,
    headers: png.headers,
    status: 415,
  },
  {
    operationId: "uploadVisionImage",
    method: "POST",
    url: "/userConversations/VisionImages/Files",
    payload: { file: "x" },
    status: 400,
  },
  {
    operationId: "getVisionImageContent",
    url: (f: FilesFixture) => `/userConversations/VisionImages/${f.visionImageId}/Files/${f.blobFileName}/base64`,
    status: 200,
  },
  {
    operationId: "getVisionImageContent",
    url: (f: FilesFixture) => `/userConversations/VisionImages/${f.visionImageId}/Files/${f.blobFileName}/base64`,
    as: "contract-no-roles",
    status: 403,
  },
  {
    operationId: "getVisionImageContent",
    url: `/userConversations/VisionImages/${missing}/Files/x.png/base64`,
    status: 404,
  },
  {
    operationId: "getVisionImageContent",
    url: `/userConversations/VisionImages/${missing}/Files/..%2Fx/base64`,
    status: 400,
  },
  {
    operationId: "uploadAttachment",
    method: "POST",
    url: "/attachments",
    payload: text.payload,
    headers: text.headers,
    status: 201,
  },
  {
    operationId: "uploadAttachment",
    method: "POST",
    url: "/attachments",
    payload: badType.payload,
    headers: badType.headers,
    status: 400,
  },
  { operationId: "getAttachment", url: (f: FilesFixture) => `/attachments/${f.attachmentId}`, status: 200 },
  { operationId: "getAttachment", url: `/attachments/${missing}`, status: 404 },
  {
    operationId: "getAttachmentContent",
    url: (f: FilesFixture) => `/attachments/${f.attachmentId}/base64`,
    status: 200,
  },
  { operationId: "getAttachmentContent", url: `/attachments/${missing}/base64`, status: 404 },
  {
    operationId: "downloadUserConversationSegmentCitation",
    url: (f: FilesFixture) => `${citations(f)}?${f.citationQuery}`,
    status: 200,
  },
  {
    operationId: "downloadUserConversationSegmentCitation",
    url: (f: FilesFixture) => `${citations(f)}?title=nothing&path=nothing`,
    status: 404,
  },
  {
    operationId: "downloadUserConversationSegmentCitation",
    url: (f: FilesFixture) => `${citations(f)}?title=x`,
    status: 400,
  },
  {
    operationId: "listDataSources",
    url: `/admin/dataSources?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent("[0,9]")}`,
    status: 200,
  },
  { operationId: "listDataSources", url: "/admin/dataSources?range=oops", status: 400 },
  { operationId: "listDataSources", url: "/admin/dataSources", as: "contract-no-roles", status: 403 },
  {
    operationId: "createDataSource",
    method: "POST",
    url: "/admin/dataSources",
    payload: { name: "Another library", description: "More files" },
    status: 201,
  },
  { operationId: "createDataSource", method: "POST", url: "/admin/dataSources", payload: { name: "" }, status: 400 },
  {
    operationId: "createDataSourceWithDefaultEndpoints",
    method: "POST",
    url: "/admin/dataSources/withDefaultEndpoints",
    payload: { name: "Streamed library" },
    status: 200,
  },
  {
    operationId: "createDataSourceWithDefaultEndpoints",
    method: "POST",
    url: "/admin/dataSources/withDefaultEndpoints",
    payload: { name: " " },
    status: 400,
  },
  { operationId: "getDataSource", url: library, status: 200 },
  { operationId: "getDataSource", url: `/admin/dataSources/${missing}`, status: 404 },
  { operationId: "updateDataSource", method: "PUT", url: library, payload: { name: "Renamed library" }, status: 200 },
  { operationId: "updateDataSource", method: "PUT", url: library, payload: { name: "x", extra: true }, status: 400 },
  {
    operationId: "listDataSourceFiles",
    url: (f: FilesFixture) => `${library(f)}/files?top=10&keywords=policy`,
    status: 200,
  },
  { operationId: "listDataSourceFiles", url: (f: FilesFixture) => `${library(f)}/files?status=Nope`, status: 400 },
  {
    operationId: "uploadDataSourceFile",
    method: "POST",
    url: (f: FilesFixture) => `${library(f)}/files`,
    payload: libraryFile.payload,
    headers: libraryFile.headers,
    status: 201,
  },
  {
    operationId: "uploadDataSourceFile",
    method: "POST",
    url: (f: FilesFixture) => `${library(f)}/files`,
    payload: svg.payload,
    headers: svg.headers,
    status: 415,
  },
  {
    operationId: "uploadDataSourceFile",
    method: "POST",
    url: `/admin/dataSources/${missing}/files`,
    payload: libraryFile.payload,
    headers: libraryFile.headers,
    status: 404,
  },
  { operationId: "reindexDataSource", method: "POST", url: (f: FilesFixture) => `${library(f)}/reindex`, status: 202 },
  {
    operationId: "deleteDataSourceFile",
    method: "DELETE",
    url: (f: FilesFixture) => `${library(f)}/files/${f.dataSourceFileId}`,
    status: 204,
  },
  {
    operationId: "deleteDataSourceFile",
    method: "DELETE",
    url: (f: FilesFixture) => `${library(f)}/files/${missing}`,
    status: 404,
  },
  {
    operationId: "deleteDataSource",
    method: "DELETE",
    url: (f: FilesFixture) => `/admin/dataSources/${f.disposableDataSourceId}`,
    status: 200,
  },
  { operationId: "deleteDataSource", method: "DELETE", url: `/admin/dataSources/${missing}`, status: 404 },
] as const;
