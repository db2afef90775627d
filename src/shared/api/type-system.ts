/**
 * The schema builder every API contract in src/shared/api uses: Elysia's `t`, from its type-system entry
 * (TypeBox plus a few kinds; not the server framework). Plain TypeBox is not enough here: a route's query and
 * params arrive as strings, and Elysia's `t.Integer` takes "20" as 20 while `Type.Integer` refuses it; its
 * `t.String` knows the `format: "email"` check and the `error` sentences the routes answer with.
 */
export { t } from "elysia/type-system";
export type { Static } from "@sinclair/typebox";
