/** Contract rules from openapi/README.md, checked on every codegen run. */

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  "x-actions"?: string[];
  [key: string]: unknown;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  tags?: { name: string }[];
  [key: string]: unknown;
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

export function lintContract(doc: OpenApiDocument): void {
  const problems: string[] = [];
  const seenIds = new Set<string>();
  const tags = new Set((doc.tags ?? []).map((t) => t.name));
  const actionEnum = (doc.components?.schemas?.Action as { enum?: string[] } | undefined)?.enum ?? [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const id = op.operationId;
      if (!id) problems.push(`${where}: no operationId`);
      else if (seenIds.has(id)) problems.push(`${where}: operationId ${id} is used twice`);
      else if (!/^[a-z][A-Za-z0-9]+$/.test(id)) problems.push(`${where}: operationId ${id} is not lowerCamelCase`);
      if (id) seenIds.add(id);
      if (op.tags?.length !== 1 || !tags.has(op.tags[0]!)) problems.push(`${where}: needs exactly one declared tag`);
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (isPublic && op["x-actions"]) problems.push(`${where}: public (security: []) yet lists x-actions`);
      if (!isPublic && !Array.isArray(op["x-actions"]))
        problems.push(`${where}: non-public operation without x-actions`);
      for (const action of op["x-actions"] ?? [])
        if (!actionEnum.includes(action)) problems.push(`${where}: x-actions names unknown action ${action}`);
    }
  }
  const text = JSON.stringify(doc);
  for (const match of text.matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)) {
    const [, kind, name] = match;
    const section = doc.components?.[kind!] as Record<string, unknown> | undefined;
    if (!section?.[name!]) problems.push(`unresolved $ref #/components/${kind}/${name}`);
  }
  if (problems.length > 0)
    throw new Error(`openapi/ breaks the contract rules:\n  ${[...new Set(problems)].join("\n  ")}`);
}
