// The map library and its stylesheet: one chunk, loaded only when a map is opened (issue 24 §3).
import "leaflet/dist/leaflet.css";

export * as L from "leaflet";
