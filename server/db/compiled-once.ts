import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from "kysely";
import type { DB } from "./schema.ts";

const ARGUMENT = Symbol("compiled-once argument");
type Slot = { readonly [ARGUMENT]: number };

const isSlot = (value: unknown): value is Slot =>
  typeof value === "object" && value !== null && ARGUMENT in value;

/**
 * A hot query whose SQL is built and compiled once, not on every call: `build` runs the first time
 * with stand-ins for its arguments, and each later call sends the same SQL with the call's values.
 * Building a Kysely statement costs tens of microseconds, a large part of a cheap request's CPU.
 *
 * `build` must give every argument to SQL as one value (a comparison's side, a limit) and never
 * look at it: a stand-in is neither an array to spread into `in` nor a value to branch on. The
 * first build checks that each argument reached the statement's parameters.
 */
export function compiledOnce<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
) {
  let template: CompiledQuery<R> | undefined;
  const compile = (db: Kysely<DB>, count: number) => {
    const slots = Array.from({ length: count }, (_, i): Slot => ({ [ARGUMENT]: i }));
    const compiled = build(db, ...(slots as unknown as A)).compile();
    const used = new Set(compiled.parameters.filter(isSlot).map((slot) => slot[ARGUMENT]));
    if (used.size !== count) {
      throw new Error(`compiledOnce: an argument of ${build.name || "a query"} is not a parameter`);
    }
    return compiled;
  };
  return async (db: Kysely<DB>, ...args: A) => {
    template ??= compile(db, args.length);
    const parameters = template.parameters.map((p) => (isSlot(p) ? args[p[ARGUMENT]] : p));
    const { rows } = await db.executeQuery<R>({
      ...template,
      parameters,
      queryId: createQueryId(),
    });
    return rows;
  };
}

/** The one row a statement always answers (an insert's or upsert's `returning`). */
export function onlyRow<R>(rows: R[], statement: string): R {
  const [row] = rows;
  if (row === undefined) throw new Error(`${statement} answered no row`);
  return row;
}

/**
 * compiledOnce for a statement whose columns follow a record's keys (an insert's values): one
 * template per set of keys given (a key whose value is undefined is left out, as Kysely leaves
 * such a column out). The record comes first, then the other arguments.
 */
export function compiledOncePerKeys<V extends Record<string, unknown>, A extends unknown[], R>(
  build: (db: Kysely<DB>, values: V, ...args: A) => Compilable<R>,
) {
  const shapes = new Map<string, (db: Kysely<DB>, ...args: unknown[]) => Promise<R[]>>();
  return (db: Kysely<DB>, values: V, ...args: A) => {
    const keys = Object.keys(values).filter((key) => values[key] !== undefined);
    const shape = keys.join(",");
    let run = shapes.get(shape);
    if (!run) {
      run = compiledOnce((inner, ...slots: unknown[]) =>
        build(
          inner,
          Object.fromEntries(keys.map((key, i) => [key, slots[i]])) as V,
          ...(slots.slice(keys.length) as A),
        ),
      );
      shapes.set(shape, run);
    }
    return run(db, ...keys.map((key) => values[key]), ...args);
  };
}
