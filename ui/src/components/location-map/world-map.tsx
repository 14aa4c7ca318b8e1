import { formatCoordinates } from "./coordinates";

/**
 * Coarse outlines of the continents as [longitude, latitude] points: enough to
 * place a pin on a drawn world map without any map tiles (which may be out of
 * reach: the card must work offline).
 */
export const LAND: [number, number][][] = [
  // North America
  [[-168, 66], [-162, 70], [-140, 70], [-125, 72], [-95, 72], [-80, 73], [-62, 66], [-55, 52], [-66, 45], [-70, 42], [-76, 35], [-81, 31], [-80, 25], [-84, 30], [-90, 29], [-97, 26], [-97, 21], [-92, 18], [-88, 21], [-86, 16], [-83, 10], [-78, 8], [-86, 12], [-92, 14], [-97, 16], [-105, 20], [-110, 23], [-112, 30], [-117, 32], [-121, 36], [-124, 41], [-124, 48], [-130, 55], [-140, 60], [-150, 60], [-158, 57], [-165, 60]],
  // Greenland
  [[-55, 60], [-42, 60], [-20, 70], [-20, 80], [-40, 83], [-65, 80], [-72, 77], [-55, 70]],
  // South America
  [[-78, 8], [-72, 12], [-62, 10], [-52, 5], [-50, 0], [-35, -5], [-38, -13], [-40, -22], [-48, -26], [-53, -34], [-58, -38], [-65, -42], [-68, -50], [-70, -55], [-74, -52], [-74, -42], [-72, -30], [-70, -18], [-76, -14], [-81, -5], [-80, 0], [-77, 4]],
  // Eurasia
  [[-10, 36], [-9, 43], [-2, 44], [-5, 48], [2, 51], [8, 54], [8, 57], [5, 62], [14, 68], [25, 71], [40, 68], [60, 70], [70, 73], [90, 76], [110, 77], [140, 72], [160, 70], [180, 68], [180, 65], [170, 60], [156, 51], [142, 46], [140, 40], [135, 35], [128, 38], [122, 31], [121, 25], [110, 20], [108, 12], [105, 9], [100, 14], [98, 8], [103, 1], [98, 16], [92, 22], [88, 22], [80, 15], [77, 8], [73, 18], [68, 23], [57, 25], [56, 27], [50, 30], [48, 29], [56, 24], [58, 22], [52, 16], [44, 12], [43, 15], [35, 28], [33, 31], [35, 36], [28, 37], [26, 40], [23, 36], [20, 40], [12, 44], [16, 38], [10, 44], [3, 43], [-5, 36]],
  // Africa
  [[-17, 15], [-17, 21], [-13, 28], [-10, 32], [-5, 36], [10, 37], [11, 33], [20, 31], [32, 31], [35, 28], [43, 12], [51, 12], [45, 2], [40, -5], [39, -15], [35, -24], [32, -29], [27, -34], [20, -35], [18, -29], [14, -23], [12, -10], [13, -5], [9, -1], [9, 4], [5, 6], [-4, 5], [-8, 4], [-13, 8]],
  // Great Britain
  [[-5, 50], [1, 51], [2, 53], [-2, 56], [-3, 58.6], [-6, 58], [-5, 55], [-3, 54], [-5, 52]],
  // Japan
  [[130, 31], [132, 34], [136, 34], [140, 35], [141, 38], [142, 42], [145, 44], [142, 45], [140, 41], [139, 38], [136, 36], [132, 35], [130, 33]],
  // Australia
  [[113, -22], [114, -30], [116, -35], [123, -34], [131, -31], [138, -35], [141, -38], [147, -39], [150, -37], [153, -30], [153, -25], [146, -19], [142, -11], [141, -15], [136, -12], [131, -11], [126, -14], [122, -18]],
];

const W = 360;
const H = 180;
const x = (lon: number) => lon + 180;
const y = (lat: number) => 90 - lat;
const LAND_PATHS = LAND.map((shape) => `M${shape.map(([lon, lat]) => `${x(lon)},${y(lat)}`).join("L")}Z`);

interface WorldMapProps {
  /** The position to pin, or null when the property has none. */
  position: { lat: number; lon: number } | null;
}

/**
 * WorldMap draws a world map with a pin, without any map tiles: it works offline and loads
 * nothing from third parties. It is the fallback when no tile server is configured.
 */
export function WorldMap({ position }: WorldMapProps) {
  return (
    <svg
      className="location-map__svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={position ? `World map with a pin at ${formatCoordinates(position.lat, position.lon)}` : "World map; the exact position is not given"}
    >
      <rect width={W} height={H} className="location-map__sea" />
      {[-60, -30, 30, 60].map((g) => (
        <line key={`lat${g}`} x1={0} x2={W} y1={y(g)} y2={y(g)} className="location-map__grid" />
      ))}
      {[-150, -120, -90, -60, -30, 30, 60, 90, 120, 150].map((g) => (
        <line key={`lon${g}`} x1={x(g)} x2={x(g)} y1={0} y2={H} className="location-map__grid" />
      ))}
      <line x1={0} x2={W} y1={y(0)} y2={y(0)} className="location-map__grid location-map__grid--main" />
      <line x1={x(0)} x2={x(0)} y1={0} y2={H} className="location-map__grid location-map__grid--main" />
      {LAND_PATHS.map((d, i) => (
        <path key={i} d={d} className="location-map__land" />
      ))}
      {position ? (
        <g transform={`translate(${x(position.lon)} ${y(position.lat)})`} className="location-map__pin">
          <circle r={9} className="location-map__pulse" />
          <circle r={3.5} className="location-map__dot" />
        </g>
      ) : null}
    </svg>
  );
}
