import { z } from "zod";

// A form's schema is its request schema (contracts/) with only the inputs that hold something
// else than the request sends replaced here, so the API's rules and messages reach the form.

/** A select whose placeholder option is "": none chosen, then the request's own rule. */
export const selectInput = <T extends z.ZodType>(field: T) =>
  z.union([z.literal("").transform(() => null), field]);

/** A whole number typed into a text input, blank for none, then the request's own rule. */
export const wholeNumberInput = <T extends z.ZodType<unknown, number | null | undefined>>(
  field: T,
  message: string,
) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, message)
    .transform((v) => (v ? Number.parseInt(v, 10) : null))
    // The field accepts number | null | undefined; zod's pipe asks for exactly what it is given.
    .pipe(field as unknown as z.ZodType<z.output<T>, number | null>);

/**
 * An amount of integer cents as a dollar text field holds it ("150", "150.50"; blank for none).
 * An input's value, not a display: what people read goes through formatCents.
 */
export const dollarsInput = (cents: number | null) =>
  cents === null ? "" : (cents / 100).toFixed(2).replace(/\.00$/, "");

/** A dollar text field back to integer cents, blank for none. */
export const centsFromInput = (text: string) =>
  text.trim() === "" ? null : Math.round(Number(text) * 100);
