/**
 * RawQuery -> SQL with Firestore's semantics where they differ from SQL's:
 * comparisons only match values of the same type (a string never equals 1),
 * `!=` and orderBy exclude documents missing the field, null sorts first,
 * and ties break on the document id in the direction of the last orderBy.
 */
import { DbError } from "../errors";
import type { RawQuery } from "../driver";
import { fieldExpr, jsonTypeExpr, tableName } from "./tables";

type Param = string | number | null;

function bind(v: unknown): Param {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v === null || typeof v === "string" || typeof v === "number") return v;
  throw new DbError("invalid-query", "query values must be scalars");
}

function typeGuard(jt: string, v: unknown): string {
  if (v === null) return `${jt} = 'null'`;
  switch (typeof v) {
    case "string":
      return `${jt} = 'text'`;
    case "number":
      return `${jt} IN ('integer', 'real')`;
    case "boolean":
      return `${jt} IN ('true', 'false')`;
    default:
      throw new DbError("invalid-query", "query values must be scalars");
  }
}

export function compileQuery(q: RawQuery, mode: "rows" | "count"): { sql: string; params: Param[] } {
  const params: Param[] = [q.parent];
  const where: string[] = ["parent = ?"];
  const eq = (expr: string, jt: string, v: unknown) => {
    if (v === null) return `${jt} = 'null'`;
    params.push(bind(v));
    return `(${typeGuard(jt, v)} AND ${expr} = ?)`;
  };

  for (const f of q.filters) {
    const expr = fieldExpr(q.def, f.field);
    const jt = jsonTypeExpr(f.field);
    switch (f.op) {
      case "==":
        where.push(eq(expr, jt, f.value));
        break;
      case "!=":
        where.push(`(${jt} IS NOT NULL AND NOT ${eq(expr, jt, f.value)})`);
        break;
      case "<":
      case "<=":
      case ">":
      case ">=":
        if (f.value === null) throw new DbError("invalid-query", "null only supports == and !=");
        params.push(bind(f.value));
        where.push(`(${typeGuard(jt, f.value)} AND ${expr} ${f.op} ?)`);
        break;
      case "in":
        where.push(`(${(f.value as unknown[]).map((v) => eq(expr, jt, v)).join(" OR ")})`);
        break;
      case "array-contains": {
        const v = f.value;
        const guard = typeGuard("je.type", v);
        if (v === null) {
          where.push(`EXISTS (SELECT 1 FROM json_each(data, '$.${f.field}') je WHERE ${guard})`);
        } else {
          params.push(bind(v));
          where.push(`EXISTS (SELECT 1 FROM json_each(data, '$.${f.field}') je WHERE ${guard} AND je.value = ?)`);
        }
        break;
      }
    }
  }

  for (const o of q.orderBy) where.push(`${jsonTypeExpr(o.field)} IS NOT NULL`);

  const lastDir = q.orderBy[q.orderBy.length - 1]?.dir ?? "asc";
  const order = [
    ...q.orderBy.map((o) => ({ expr: fieldExpr(q.def, o.field), dir: o.dir })),
    { expr: "id", dir: lastDir },
  ];

  if (q.startAfter) {
    const values = [...q.startAfter.values, q.startAfter.id];
    const disjuncts: string[] = [];
    for (let i = 0; i < order.length; i++) {
      const parts: string[] = [];
      for (let j = 0; j < i; j++) {
        const v = values[j];
        if (v === null) parts.push(`${order[j]!.expr} IS NULL`);
        else {
          params.push(bind(v));
          parts.push(`${order[j]!.expr} = ?`);
        }
      }
      const { expr, dir } = order[i]!;
      const v = values[i];
      if (v === null) parts.push(dir === "asc" ? `${expr} IS NOT NULL` : "0");
      else {
        params.push(bind(v));
        // NULL sorts first ascending, so descending it comes after every value.
        parts.push(dir === "asc" ? `${expr} > ?` : `(${expr} < ? OR ${expr} IS NULL)`);
      }
      disjuncts.push(`(${parts.join(" AND ")})`);
    }
    where.push(`(${disjuncts.join(" OR ")})`);
  }

  const from = `FROM "${tableName(q.def)}" WHERE ${where.join(" AND ")}`;
  const orderSql = `ORDER BY ${order.map((o) => `${o.expr} ${o.dir.toUpperCase()}`).join(", ")}`;
  const limitSql = q.limit !== null ? ` LIMIT ${Number(q.limit)}` : "";
  if (mode === "count") {
    return { sql: `SELECT COUNT(*) AS n FROM (SELECT 1 ${from}${limitSql})`, params };
  }
  return { sql: `SELECT id, data, version ${from} ${orderSql}${limitSql}`, params };
}
