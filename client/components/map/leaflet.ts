// The map library and its stylesheet: one chunk, loaded only when a map is opened (decision 044).
import "leaflet/dist/leaflet.css";
import "./leaflet-overrides.css";

export * as L from "leaflet";
