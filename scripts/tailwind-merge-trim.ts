// tailwind-merge's default config describes every Tailwind utility; most of it rides in the
// entry chunk for utilities the app never writes (the home page's 140 KB budget). The build keeps
// only the class groups that some word written in web/ or contracts/ can belong to: a group no
// class of ours matches can never decide a merge, and every group one matches stays, so each class
// lands in the same group as with the full config (scripts/tailwind-merge-trim.unit.test.ts).
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, createTailwindMerge, getDefaultConfig } from "tailwind-merge";
import type { Plugin } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TAILWIND_MERGE = /node_modules[\\/]tailwind-merge[\\/]dist[\\/]bundle-mjs\.mjs$/;
const GROUPS_START = "    classGroups: {";
const GROUPS_END = "    },";
const GROUP_KEY = /^ {6}'?([\w@-]+)'?: /;

/** Every word in the sources' string literals: a superset of the classes they write. */
export function classCandidates(
  files = globSync("{web,contracts}/**/*.{ts,tsx}", { cwd: ROOT }).map((f) => path.join(ROOT, f)),
): Set<string> {
  const words = new Set<string>();
  for (const file of files) {
    for (const [, literal] of readFileSync(file, "utf8").matchAll(/["'`]([^"'`\n]*)["'`]/g)) {
      for (const word of literal!.split(/[\s{}$]+/)) if (word) words.add(word);
    }
  }
  return words;
}

type AnyConfig = Config<string, string>;
const mergeWith = (config: AnyConfig, classGroups: AnyConfig["classGroups"]) =>
  createTailwindMerge(() => ({
    ...config,
    cacheSize: 0,
    classGroups,
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));

/** The default config's class groups that at least one of `words` belongs to. */
export function usedClassGroups(words: Iterable<string>): Set<string> {
  const config = getDefaultConfig() as AnyConfig;
  // A group "has" a word when a config holding only that group drops the word's repeat;
  // arbitrary properties ([mask-type:alpha]) are grouped without any config and say nothing.
  const unknown = mergeWith(config, {});
  const classes = [...words].filter((w) => unknown(`${w} ${w}`) !== w);
  const used = new Set<string>();
  for (const [name, group] of Object.entries(config.classGroups)) {
    const merge = mergeWith(config, { [name]: group });
    if (classes.some((w) => merge(`${w} ${w}`) === w)) used.add(name);
  }
  return used;
}

/** tailwind-merge's bundle without the default config's class groups outside `keep`. */
export function trimClassGroups(source: string, keep: Set<string>): string {
  const lines = source.split("\n");
  const start = lines.indexOf(GROUPS_START);
  const end = lines.indexOf(GROUPS_END, start);
  const entries = lines.slice(start + 1, end).filter((line) => GROUP_KEY.test(line)).length;
  if (start < 0 || end < 0 || entries !== Object.keys(getDefaultConfig().classGroups).length) {
    throw new Error(
      "tailwind-merge's bundle changed its layout: update scripts/tailwind-merge-trim.ts",
    );
  }
  let kept = true;
  const groups = lines.slice(start + 1, end).filter((line) => {
    const key = GROUP_KEY.exec(line)?.[1];
    if (key) kept = keep.has(key);
    return kept && !/^ {6}(\/\*| \*|\/\/)/.test(line);
  });
  // The bundle's source map no longer matches it.
  const rest = lines.slice(end).filter((line) => !line.startsWith("//# sourceMappingURL="));
  return [...lines.slice(0, start + 1), ...groups, ...rest].join("\n");
}

export function trimTailwindMerge(): Plugin {
  let keep: Set<string> | undefined;
  return {
    name: "trim-tailwind-merge",
    apply: "build",
    transform(code, id) {
      if (!TAILWIND_MERGE.test(id)) return null;
      keep ??= usedClassGroups(classCandidates());
      return { code: trimClassGroups(code, keep), map: null };
    },
  };
}
