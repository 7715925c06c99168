import { Camera, Clapperboard, MapPin, Smartphone, Star, Zap } from "lucide-react";

const PINS = [
  { top: "18%", left: "22%", icon: Camera, live: true },
  { top: "40%", left: "68%", icon: Clapperboard, live: true },
  { top: "62%", left: "30%", icon: Smartphone, live: false },
  { top: "28%", left: "52%", icon: Camera, live: false },
] as const;

/** A phone showing the map and a creator card, drawn with CSS and icons (decorative). */
export function HeroIllustration() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-sm select-none">
      <div className="absolute -inset-6 rounded-[3rem] bg-brand-500/20 blur-3xl" />
      <div className="relative rounded-[2.5rem] border border-white/15 bg-ink-900 p-3 shadow-2xl shadow-black/40">
        <div className="relative h-[26rem] overflow-hidden rounded-[2rem] bg-[#eef2f5]">
          <div className="grid-lines absolute inset-0" />
          <div className="absolute -left-10 top-24 h-40 w-56 rotate-12 rounded-[40%] bg-emerald-200/70" />
          <div className="absolute -right-16 -top-10 h-48 w-48 rounded-full bg-sky-200/80" />
          <div className="absolute left-0 right-0 top-1/2 h-3 -rotate-6 bg-white/90" />
          <div className="absolute bottom-0 left-1/3 top-0 w-3 rotate-6 bg-white/90" />
          {PINS.map(({ top, left, icon: Icon, live }) => (
            <span
              key={`${top}-${left}`}
              className="absolute grid size-11 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white shadow-lg"
              style={{ top, left }}
            >
              <span
                className={`grid size-9 place-items-center rounded-full border-[3px] ${live ? "border-emerald-500 bg-brand-100 text-brand-700" : "border-ink-300 bg-ink-100 text-ink-500"}`}
              >
                <Icon className="size-4" />
              </span>
            </span>
          ))}
          <span className="absolute left-[45%] top-[52%] grid size-6 place-items-center rounded-full bg-sky-500/25">
            <span className="size-3 rounded-full border-2 border-white bg-sky-500" />
          </span>
          <div className="absolute inset-x-3 bottom-3 rounded-2xl bg-white p-3.5 shadow-xl">
            <div className="flex items-center gap-3">
              <span className="grid size-12 place-items-center rounded-full bg-linear-to-br from-brand-400 to-rose-500 text-white">
                <Camera className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-bold text-ink-900">Portrait photographer</p>
                <p className="flex items-center gap-1 text-xs text-ink-500">
                  <MapPin className="size-3" /> 0.8 mi away
                  <Star className="ml-1 size-3 fill-amber-400 text-amber-400" /> 4.9
                </p>
              </div>
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-[10px] font-bold text-emerald-800">
                Available
              </span>
            </div>
            <div className="mt-3 flex h-9 items-center justify-center gap-1.5 rounded-xl bg-brand-700 text-sm font-semibold text-white">
              <Zap className="size-4" /> Hail now
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
