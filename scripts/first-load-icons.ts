// Which lucide icons the home page's first load draws: the icons chunk carries those (and the
// icon runtime), so it does not carry icons only other screens draw (vite.config.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIRST_LOAD = ["web/main.tsx", "web/routes/home.tsx"];
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s*"([^"]+)"/gm;
const BARREL = "node_modules/lucide-react/dist/esm/lucide-react.mjs";

/** lucide's export names and the icon file each comes from (`Menu` → `menu.mjs`). */
function iconFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const barrel = readFileSync(path.join(ROOT, BARREL), "utf8");
  for (const [, names, file] of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
  }
  return files;
}

/** The icon files (`menu.mjs`) drawn by the modules statically reachable from the first load. */
export function firstLoadIcons(): Set<string> {
  const files = iconFiles();
  const icons = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, clause, from] of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      if (from === "lucide-react") {
        for (const [name] of clause!.matchAll(/\w+/g)) {
          const icon = files.get(name);
          if (icon) icons.add(icon);
        }
      } else if (from!.startsWith(".") && /\.tsx?$/.test(from!)) {
        visit(path.resolve(path.dirname(file), from!));
      }
    }
  };
  for (const file of FIRST_LOAD) visit(path.join(ROOT, file));
  return icons;
}
