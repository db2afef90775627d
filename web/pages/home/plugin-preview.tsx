import { useId, useState } from "react";
import { PRODUCT_NAME } from "@shared/product";
import { GameScreen } from "./game-screen";
import { DesignWindow, type PreviewIds, type WindowGeometry } from "./design-window";
import { useT } from "../../lib/language";

/** The plugin's step between the design and the devices; `vertical` points down. */
function ImportArrow({ cx, cy, vertical }: { cx: number; cy: number; vertical: boolean }) {
  const line = vertical ? `M${cx} ${cy - 52} V${cy + 50}` : `M${cx - 54} ${cy} H${cx + 54}`;
  const head = vertical
    ? `M${cx - 7} ${cy + 48} L${cx} ${cy + 58} L${cx + 7} ${cy + 48}`
    : `M${cx + 50} ${cy - 7} L${cx + 60} ${cy} L${cx + 50} ${cy + 7}`;
  return (
    <g>
      <path d={line} stroke="#7c3aed" strokeWidth={2} strokeDasharray="5 5" />
      <path d={head} fill="none" stroke="#a78bfa" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" />
      <rect x={cx - 42} y={cy - 18} width={84} height={36} rx={18} fill="#1e1b2e" stroke="#7c3aed" strokeWidth={1.5} />
      <text x={cx} y={cy + 4.5} fontSize={12} fontWeight={700} fill="#c4b5fd" textAnchor="middle">
        {PRODUCT_NAME}
      </text>
      <text
        x={vertical ? cx + 52 : cx}
        y={vertical ? cy + 4 : cy + 38}
        fontSize={10}
        fill="#a1a1aa"
        textAnchor={vertical ? "start" : "middle"}
      >
        import + scale
      </text>
    </g>
  );
}

interface DeviceGeometry {
  x: number;
  y: number;
  screenWidth: number;
  screenHeight: number;
  bezelX: number;
  bezelY: number;
  /** The device's name: a message of the catalogues. */
  label: "home.preview.desktop" | "home.preview.tablet" | "home.preview.phone";
  labelX: number;
  labelY: number;
}

function Device({ device, skyId }: { device: DeviceGeometry; skyId: string }) {
  const { x, y, screenWidth, screenHeight, bezelX, bezelY, label, labelX, labelY } = device;
  const t = useT();
  return (
    <g>
      <rect
        x={x}
        y={y}
        width={screenWidth + bezelX * 2}
        height={screenHeight + bezelY * 2}
        rx={Math.min(bezelX, bezelY) + 6}
        fill="#18181b"
        stroke="#3f3f46"
        strokeWidth={1.5}
      />
      <GameScreen x={x + bezelX} y={y + bezelY} width={screenWidth} height={screenHeight} skyId={skyId} />
      <text x={labelX} y={labelY} fontSize={11} fill="#a1a1aa" textAnchor="middle">
        {t(label)}
      </text>
    </g>
  );
}

/** A monitor's neck and foot under a screen whose bottom edge is `y`, centred on `cx`. */
function MonitorStand({ cx, y }: { cx: number; y: number }) {
  return (
    <g>
      <path d={`M${cx - 24} ${y} h48 l8 26 h-64 z`} fill="#27272a" />
      <rect x={cx - 68} y={y + 25} width={136} height={8} rx={4} fill="#3f3f46" />
    </g>
  );
}

interface PreviewLayout {
  width: number;
  height: number;
  frame: WindowGeometry;
  inspector: boolean;
  arrow: { cx: number; cy: number; vertical: boolean };
  desktop: DeviceGeometry;
  tablet: DeviceGeometry;
  phone: DeviceGeometry;
}

/** Side by side from small tablets up. */
const WIDE: PreviewLayout = {
  width: 1000,
  height: 560,
  frame: {
    x: 16,
    y: 40,
    width: 424,
    height: 480,
    panelRight: 180,
    rowTop: 110,
    rowStep: 31,
    artboard: { x: 194, y: 168, width: 232, height: 130 },
  },
  inspector: true,
  arrow: { cx: 502, cy: 280, vertical: false },
  desktop: {
    x: 596,
    y: 36,
    screenWidth: 368,
    screenHeight: 207,
    bezelX: 10,
    bezelY: 10,
    label: "home.preview.desktop",
    labelX: 902,
    labelY: 294,
  },
  tablet: {
    x: 580,
    y: 326,
    screenWidth: 204,
    screenHeight: 153,
    bezelX: 13,
    bezelY: 13,
    label: "home.preview.tablet",
    labelX: 695,
    labelY: 526,
  },
  phone: {
    x: 826,
    y: 380,
    screenWidth: 134,
    screenHeight: 64,
    bezelX: 12,
    bezelY: 7,
    label: "home.preview.phone",
    labelX: 905,
    labelY: 478,
  },
};

/** Stacked on phones, so the layer names stay readable. */
const TALL: PreviewLayout = {
  width: 480,
  height: 920,
  frame: {
    x: 12,
    y: 12,
    width: 456,
    height: 320,
    panelRight: 172,
    rowTop: 88,
    rowStep: 23,
    artboard: { x: 186, y: 96, width: 268, height: 150 },
  },
  inspector: false,
  arrow: { cx: 240, cy: 396, vertical: true },
  desktop: {
    x: 60,
    y: 474,
    screenWidth: 340,
    screenHeight: 191,
    bezelX: 10,
    bezelY: 10,
    label: "home.preview.desktop",
    labelX: 360,
    labelY: 716,
  },
  tablet: {
    x: 24,
    y: 744,
    screenWidth: 168,
    screenHeight: 126,
    bezelX: 10,
    bezelY: 10,
    label: "home.preview.tablet",
    labelX: 118,
    labelY: 910,
  },
  phone: {
    x: 252,
    y: 794,
    screenWidth: 172,
    screenHeight: 80,
    bezelX: 12,
    bezelY: 7,
    label: "home.preview.phone",
    labelX: 350,
    labelY: 910,
  },
};

function PreviewDrawing({ layout, className }: { layout: PreviewLayout; className?: string }) {
  const unique = useId().replace(/:/g, "");
  const ids: PreviewIds = {
    sky: `sky-${unique}`,
    dots: `dots-${unique}`,
    glow: `glow-${unique}`,
    window: `window-${unique}`,
  };
  const { width, height, desktop } = layout;
  const t = useT();
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t("home.preview.label")}
      className={className}
      fontFamily="inherit"
    >
      <defs>
        <linearGradient id={ids.sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b2f8f" />
          <stop offset="1" stopColor="#1a1640" />
        </linearGradient>
        <pattern id={ids.dots} width="14" height="14" patternUnits="userSpaceOnUse">
          <rect width="14" height="14" fill="#0c0c10" />
          <circle cx="7" cy="7" r="0.9" fill="#27272a" />
        </pattern>
        <radialGradient
          id={ids.glow}
          cx={layout.arrow.vertical ? 0.5 : 0.75}
          cy={layout.arrow.vertical ? 0.72 : 0.5}
          r="0.5"
        >
          <stop offset="0" stopColor="#7c3aed" stopOpacity="0.22" />
          <stop offset="1" stopColor="#7c3aed" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width={width} height={height} fill={`url(#${ids.glow})`} />
      <DesignWindow frame={layout.frame} ids={ids} inspector={layout.inspector} />
      <ImportArrow {...layout.arrow} />
      <Device device={desktop} skyId={ids.sky} />
      <MonitorStand
        cx={desktop.x + desktop.bezelX + desktop.screenWidth / 2}
        y={desktop.y + desktop.screenHeight + desktop.bezelY * 2}
      />
      <Device device={layout.tablet} skyId={ids.sky} />
      <Device device={layout.phone} skyId={ids.sky} />
    </svg>
  );
}

/** The element that holds both drawings, so the browser's copy can be found again. */
const PREVIEW_ID = "plugin-preview";

/**
 * The home page's picture of the product: a design file turning into game UI on three devices.
 * Two drawings of the same scene; CSS shows the one that fits (display:none hides the other from
 * screen readers too).
 *
 * The drawings are some 500 SVG elements that never change, more than the rest of the page together.
 * When the server's HTML is on the page, React takes it over as markup instead of walking every element
 * (hydrating them cost a phone more main-thread time than the rest of the page); when the page is
 * drawn in the browser (arriving from another screen), the drawings render as usual.
 */
export function PluginPreview() {
  const [serverMarkup] = useState(() =>
    typeof document === "undefined" ? null : (document.getElementById(PREVIEW_ID)?.innerHTML ?? null),
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: keeps the markup the server rendered for this same component, read back from the page
  if (serverMarkup !== null) return <div id={PREVIEW_ID} dangerouslySetInnerHTML={{ __html: serverMarkup }} />;
  return (
    <div id={PREVIEW_ID}>
      <PreviewDrawing layout={TALL} className="h-auto w-full sm:hidden" />
      <PreviewDrawing layout={WIDE} className="hidden h-auto w-full sm:block" />
    </div>
  );
}
