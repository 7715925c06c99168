import L from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import "leaflet/dist/leaflet.css";
import { useMemo } from "react";
import { MapContainer, Marker, TileLayer, Tooltip } from "react-leaflet";
import { MAP } from "../../../contracts/constants.ts";
import { imageUrl } from "../../../contracts/media.ts";
import type { MapCreator } from "../../../contracts/search.ts";
import { OpenWhereCreatorsAre, ViewWatcher } from "./open-where-creators-are.tsx";

// The viewer's own pin uses Leaflet's marker images, bundled by Vite (no CDN).
const viewerIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

const BOUNDS = L.latLngBounds(
  [MAP.bounds.south, MAP.bounds.west],
  [MAP.bounds.north, MAP.bounds.east],
);

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round avatar marker: green border when available, gray otherwise. */
function creatorIcon(creator: MapCreator, selected: boolean): L.DivIcon {
  const border = creator.availableNow ? "#10b981" : "#9ca3af";
  const initials = escapeHtml(
    creator.name
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w[0] ?? "")
      .join("")
      .toUpperCase(),
  );
  const inner = creator.avatarKey
    ? `<img src="${escapeHtml(imageUrl(creator.avatarKey, "thumb"))}" alt="" style="width:100%;height:100%;object-fit:cover;border-radius:9999px" />`
    : `<span style="display:flex;width:100%;height:100%;align-items:center;justify-content:center;border-radius:9999px;background:#ffedd5;color:#c2410c;font:700 14px system-ui">${initials}</span>`;
  const size = selected ? 52 : 44;
  return L.divIcon({
    className: "",
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html: `<div data-available="${creator.availableNow}" style="width:${size}px;height:${size}px;border:4px solid ${border};border-radius:9999px;background:#fff;box-shadow:0 2px 8px rgba(15,23,42,.35)">${inner}</div>`,
  });
}

export function CreatorsMap({
  center,
  viewer,
  located,
  creators,
  selectedId,
  onSelect,
  onView,
}: {
  center: { lat: number; lng: number };
  viewer: { lat: number; lng: number } | null;
  /** The map opened on the viewer; else it opens where the creators are. */
  located: boolean;
  creators: MapCreator[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** What the map shows, as it opens and after every move. */
  onView: (view: L.LatLngBounds) => void;
}) {
  const icons = useMemo(
    () => new Map(creators.map((c) => [c.id, creatorIcon(c, c.id === selectedId)])),
    [creators, selectedId],
  );
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={MAP.startZoom}
      minZoom={MAP.minZoom}
      maxBounds={BOUNDS}
      maxBoundsViscosity={1}
      className="size-full"
      zoomControl={false}
    >
      <OpenWhereCreatorsAre creators={creators} located={located} onView={onView} />
      <ViewWatcher onView={onView} />
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      {viewer ? (
        <Marker
          position={[viewer.lat, viewer.lng]}
          icon={viewerIcon}
          zIndexOffset={0}
          keyboard={false}
        >
          <Tooltip>You are here</Tooltip>
        </Marker>
      ) : null}
      {creators.map((creator) => (
        <Marker
          key={creator.id}
          position={[creator.lat, creator.lng]}
          icon={icons.get(creator.id)!}
          title={creator.name}
          zIndexOffset={creator.id === selectedId ? 2000 : 1000}
          alt={creator.name}
          eventHandlers={{ click: () => onSelect(creator.id) }}
        />
      ))}
    </MapContainer>
  );
}
