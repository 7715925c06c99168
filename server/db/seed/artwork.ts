import type { Random } from "./random.ts";

// Demo images are drawn here as SVG (rendered by sharp in encoded-images.ts): no network,
// no bundled photos.

const PALETTES = [
  { sky: ["#0f2a4a", "#f36f45", "#ffc87a"], sea: "#12395c", land: "#1c2d24", accent: "#ffe3a3" },
  { sky: ["#22164a", "#d9487b", "#ffb86b"], sea: "#2b2158", land: "#180f2e", accent: "#ffd6e5" },
  { sky: ["#7fd3e6", "#bfeaf2", "#fdf6e3"], sea: "#1a8fa8", land: "#e9d8a6", accent: "#ffffff" },
  { sky: ["#0b3d3a", "#2a9d8f", "#e9c46a"], sea: "#135e58", land: "#0b2522", accent: "#f4a261" },
  { sky: ["#1d1b26", "#5b3a70", "#f08a5d"], sea: "#26213a", land: "#120f18", accent: "#f9ed69" },
  { sky: ["#f6d5c8", "#f7a8a0", "#c06c84"], sea: "#6c5b7b", land: "#355c7d", accent: "#fff1e6" },
] as const;

const SCENES = ["sunset", "skyline", "bokeh", "studio"] as const;
type Scene = (typeof SCENES)[number];

export const ARTWORK_CAPTIONS: Record<Scene, string[]> = {
  sunset: ["Golden hour on the beach", "Sunset over Biscayne Bay", "Last light on the water"],
  skyline: ["City lights after dark", "Downtown at dusk", "Rooftop evening session"],
  bokeh: ["Evening reception glow", "Party lights", "Celebration under string lights"],
  studio: ["Studio set, colour study", "Product still life", "Clean backdrop session"],
};

function sunset(w: number, h: number, p: (typeof PALETTES)[number], r: Random): string {
  const horizon = Math.round(h * r.between(0.55, 0.68));
  const sunX = Math.round(w * r.between(0.25, 0.75));
  const waves = Array.from({ length: 7 }, (_, i) => {
    const y = horizon + 18 + i * ((h - horizon) / 8);
    return `<rect x="${Math.round(w * r.between(0, 0.4))}" y="${Math.round(y)}" width="${Math.round(w * r.between(0.2, 0.6))}" height="3" fill="${p.accent}" opacity="${r.between(0.15, 0.45).toFixed(2)}"/>`;
  }).join("");
  const palm = `<path d="M${w * 0.12} ${h} Q${w * 0.15} ${h * 0.6} ${w * 0.2} ${h * 0.42}" stroke="${p.land}" stroke-width="${w * 0.018}" fill="none"/>
    <path d="M${w * 0.2} ${h * 0.42} q${-w * 0.12} ${h * 0.02} ${-w * 0.16} ${h * 0.12} M${w * 0.2} ${h * 0.42} q${w * 0.12} ${h * 0.0} ${w * 0.17} ${h * 0.1} M${w * 0.2} ${h * 0.42} q${-w * 0.03} ${-h * 0.1} ${-w * 0.12} ${-h * 0.12} M${w * 0.2} ${h * 0.42} q${w * 0.06} ${-h * 0.1} ${w * 0.14} ${-h * 0.09}" stroke="${p.land}" stroke-width="${w * 0.012}" fill="none" stroke-linecap="round"/>`;
  return `<rect width="${w}" height="${horizon}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${horizon - h * 0.04}" r="${h * r.between(0.07, 0.12)}" fill="${p.accent}" opacity="0.9"/>
    <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${p.sea}"/>${waves}${r.chance(0.6) ? palm : ""}`;
}

function skyline(w: number, h: number, p: (typeof PALETTES)[number], r: Random): string {
  let x = 0;
  let towers = "";
  while (x < w) {
    const bw = Math.round(w * r.between(0.04, 0.09));
    const bh = Math.round(h * r.between(0.2, 0.6));
    towers += `<rect x="${x}" y="${h - bh}" width="${bw - 4}" height="${bh}" fill="${p.land}"/>`;
    for (let wy = h - bh + 14; wy < h - 10; wy += 22) {
      if (r.chance(0.45)) {
        towers += `<rect x="${x + 6}" y="${wy}" width="${Math.max(4, bw - 16)}" height="6" fill="${p.accent}" opacity="${r.between(0.3, 0.9).toFixed(2)}"/>`;
      }
    }
    x += bw;
  }
  return `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${w * r.between(0.6, 0.9)}" cy="${h * 0.2}" r="${h * 0.05}" fill="${p.accent}" opacity="0.8"/>${towers}`;
}

function bokeh(w: number, h: number, p: (typeof PALETTES)[number], r: Random): string {
  // Soft-edged discs drawn with radial gradients: the look of a blur filter at a tiny cost.
  const colors = [p.accent, p.sky[1], p.sky[2]];
  const stops = colors
    .map(
      (c, i) => `<radialGradient id="bokeh${i}"><stop offset="0.55" stop-color="${c}"/>
        <stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`,
    )
    .join("");
  const dots = Array.from({ length: 28 }, () => {
    const radius = Math.round(r.between(h * 0.03, h * 0.13));
    return `<circle cx="${Math.round(r.between(0, w))}" cy="${Math.round(r.between(0, h))}" r="${radius}" fill="url(#bokeh${r.int(0, colors.length - 1)})" opacity="${r.between(0.15, 0.55).toFixed(2)}"/>`;
  }).join("");
  const head = h * 0.16;
  const cx = w * r.between(0.35, 0.65);
  const figure = `<circle cx="${cx}" cy="${h * 0.45}" r="${head}" fill="${p.land}"/>
    <path d="M${cx - head * 2.2} ${h} C${cx - head * 2.2} ${h * 0.6} ${cx + head * 2.2} ${h * 0.6} ${cx + head * 2.2} ${h} Z" fill="${p.land}"/>`;
  return `<defs>${stops}</defs><rect width="${w}" height="${h}" fill="${p.sea}"/>${dots}${figure}`;
}

function studio(w: number, h: number, p: (typeof PALETTES)[number], r: Random): string {
  const floor = h * r.between(0.62, 0.72);
  const shapes = Array.from({ length: 3 }, (_, i) => {
    const cx = w * (0.28 + i * 0.22) + r.between(-20, 20);
    const size = h * r.between(0.12, 0.22);
    const color = r.pick([p.accent, p.sky[1], p.sky[0], p.sea]);
    return r.chance(0.5)
      ? `<circle cx="${cx}" cy="${floor - size}" r="${size}" fill="${color}"/>`
      : `<rect x="${cx - size}" y="${floor - size * 2}" width="${size * 2}" height="${size * 2}" rx="${size * 0.15}" fill="${color}"/>`;
  }).join("");
  return `<rect width="${w}" height="${floor}" fill="url(#sky)"/>
    <rect y="${floor}" width="${w}" height="${h - floor}" fill="${p.land}" opacity="0.85"/>
    <ellipse cx="${w / 2}" cy="${floor + 8}" rx="${w * 0.38}" ry="14" fill="#000" opacity="0.25"/>${shapes}`;
}

const DRAW: Record<Scene, typeof sunset> = { sunset, skyline, bokeh, studio };

function artworkSvg(scene: Scene, paletteIndex: number, w: number, h: number, r: Random): string {
  const p = PALETTES[paletteIndex % PALETTES.length] as (typeof PALETTES)[number];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.6" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/>
      </linearGradient>
      <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
        <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
      </radialGradient>
    </defs>
    ${DRAW[scene](w, h, p, r)}
    <rect width="${w}" height="${h}" fill="url(#vignette)"/>
  </svg>`;
}

export type ImageSource = { svg: string; caption: string };

/** The pool of portfolio artworks: every scene in several palettes and both orientations. */
export function artworkSources(count: number, random: Random): ImageSource[] {
  return Array.from({ length: count }, (_, i) => {
    const scene = SCENES[i % SCENES.length] as Scene;
    const portrait = i % 3 === 2;
    const [w, h] = portrait ? [768, 960] : [1024, 768];
    const caption = random.pick(ARTWORK_CAPTIONS[scene]);
    return { svg: artworkSvg(scene, Math.floor(i / SCENES.length), w, h, random), caption };
  });
}

const AVATAR_COLORS = ["#e76f51", "#2a9d8f", "#264653", "#8e5572", "#3d5a80", "#bc6c25", "#6d597a"];

/** A round-feeling initials avatar on a soft gradient. */
function avatarSvg(name: string, index: number): string {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const a = AVATAR_COLORS[index % AVATAR_COLORS.length];
  const b = AVATAR_COLORS[(index + 3) % AVATAR_COLORS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 400 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    <text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" fill="#ffffff" opacity="0.95">${initials}</text>
  </svg>`;
}

export function avatarSource(name: string, index: number): ImageSource {
  return { svg: avatarSvg(name, index), caption: name };
}
