/** OPENAI_EMBEDDING_MODEL: the seeded OpenAI connection gets the embedding deployment, and it is the one selected. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connections, deployments } from "../../../../src/server/db/chatSchema";
import { currentEmbeddingModel, readEmbeddingSetting } from "../../../../src/server/embeddings/embeddingModel";
import { secretBoxFor } from "../../../../src/server/security/secretBoxFor";
import { seedChat } from "../../../../src/server/seedChat";
import { testConfig } from "../../../helpers/buildTestApp";
import { testDatabase } from "../../../helpers/testDatabase";

describe("embedding deployment seeding", () => {
  it("adds OPENAI_EMBEDDING_MODEL to the seeded OpenAI connection and selects it, its key still encrypted", async () => {
    const config = testConfig({ OPENAI_API_KEY: "sk-seeded", OPENAI_EMBEDDING_MODEL: "text-embedding-3-small" });
    const { database } = await testDatabase(config);
    const db = database.db;
    await seedChat(db, config);

    const [connection] = await db.select().from(connections);
    expect(connection).toMatchObject({ name: "OpenAI", providerType: "openai" });
    expect(connection!.encryptedApiKey).not.toContain("sk-seeded");
    const seeded = await db
      .select({ deploymentId: deployments.deploymentId, deploymentName: deployments.deploymentName })
      .from(deployments)
      .where(eq(deployments.connectionId, connection!.connectionId));
    expect(seeded.map((d) => d.deploymentName).sort()).toEqual(["gpt-4o-mini", "text-embedding-3-small"]);
    const embedding = seeded.find((d) => d.deploymentName === "text-embedding-3-small")!;

    expect(await readEmbeddingSetting(db)).toEqual({ deploymentId: embedding.deploymentId });
    expect(await currentEmbeddingModel(db, secretBoxFor(config))).toEqual({
      key: `${embedding.deploymentId}:text-embedding-3-small`,
      deploymentName: "text-embedding-3-small",
      connection: { providerType: "openai", baseUrl: "", apiVersion: "", apiKey: "sk-seeded" },
    });
  });
});
