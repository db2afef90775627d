import { useId } from "react";
import { PRODUCT_NAME } from "../../../src/shared/product";
import { GameScreen } from "./game-screen";

type LayerIcon = "frame" | "group" | "text" | "image";

interface PreviewLayer {
  base: string;
  tag?: string;
  depth: number;
  icon: LayerIcon;
  selected?: boolean;
}

/** The design file's layer panel: tagged names are what the plugin reads. */
const LAYERS: readonly PreviewLayer[] = [
  { base: "ShopScreen", depth: 0, icon: "frame" },
  { base: "Coins", tag: "_lock", depth: 1, icon: "group" },
  { base: "Menu", tag: "_button", depth: 1, icon: "frame" },
  { base: "ShopPanel", tag: "_lock", depth: 1, icon: "frame" },
  { base: "Title", depth: 2, icon: "text" },
  { base: "Items", tag: "_scroll", depth: 2, icon: "frame" },
  { base: "#Coin", tag: "_image", depth: 3, icon: "image" },
  { base: "Buy", tag: "_button", depth: 2, icon: "frame", selected: true },
  { base: "Buy", tag: "_hover", depth: 2, icon: "frame" },
  { base: "Notes", tag: "_ignore", depth: 1, icon: "group" },
];

const WINDOW = { x: 16, y: 96, width: 424, height: 368 } as const;
const PANEL_RIGHT = 180;
const ROW = { top: 166, step: 27 } as const;

function LayerGlyph({ icon, x, y }: { icon: LayerIcon; x: number; y: number }) {
  const stroke = "#a1a1aa";
  switch (icon) {
    case "text":
      return (
        <text x={x + 4} y={y + 4} fontSize={10} fontWeight={700} fill={stroke} textAnchor="middle">
          T
        </text>
      );
    case "image":
      return (
        <g>
          <rect x={x} y={y - 4} width={8} height={8} rx={1.5} fill="none" stroke={stroke} strokeWidth={1.1} />
          <path d={`M${x + 1} ${y + 3} l2.5 -3 l2 2 l1.5 -1.5 l1 1.5`} fill="none" stroke={stroke} strokeWidth={1} />
        </g>
      );
    case "group":
      return <rect x={x} y={y - 4} width={8} height={8} rx={1.5} fill="none" stroke={stroke} strokeWidth={1.1} strokeDasharray="2 1.5" />;
    default:
      return (
        <path
          d={`M${x + 2} ${y - 5} v10 M${x + 6} ${y - 5} v10 M${x - 1} ${y - 2} h10 M${x - 1} ${y + 2} h10`}
          stroke={stroke}
          strokeWidth={1.1}
        />
      );
  }
}

function LayersPanel() {
  return (
    <g>
      <text x={WINDOW.x + 14} y={WINDOW.y + 54} fontSize={10} fontWeight={600} fill="#71717a" letterSpacing={1}>
        LAYERS
      </text>
      {LAYERS.map((layer, i) => {
        const rowY = ROW.top + i * ROW.step;
        const left = WINDOW.x + 14 + layer.depth * 11;
        return (
          <g key={`${layer.base}${layer.tag ?? ""}`}>
            {layer.selected && <rect x={WINDOW.x + 6} y={rowY - 11} width={PANEL_RIGHT - WINDOW.x - 12} height={20} rx={5} fill="#7c3aed" opacity={0.35} />}
            <LayerGlyph icon={layer.icon} x={left} y={rowY - 1} />
            <text x={left + 15} y={rowY + 3} fontSize={11} fill="#e4e4e7">
              {layer.base}
              {layer.tag && <tspan fill="#a78bfa">{layer.tag}</tspan>}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function DesignWindow({ skyId, dotsId }: { skyId: string; dotsId: string }) {
  const { x, y, width, height } = WINDOW;
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx={14} fill="#111116" stroke="#27272a" strokeWidth={1.5} />
      <path d={`M${x} ${y + 32} H${x + width}`} stroke="#27272a" strokeWidth={1.5} />
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={x + 18 + i * 14} cy={y + 16} r={4.5} fill="#3f3f46" />
      ))}
      <text x={x + width / 2} y={y + 20} fontSize={11} fill="#a1a1aa" textAnchor="middle">
        Shop.fig
      </text>
      <rect x={PANEL_RIGHT} y={y + 33} width={x + width - PANEL_RIGHT - 1} height={height - 34} fill={`url(#${dotsId})`} />
      <path d={`M${PANEL_RIGHT} ${y + 32} V${y + height}`} stroke="#27272a" strokeWidth={1.5} />
      <LayersPanel />
      <text x={198} y={206} fontSize={10} fill="#a1a1aa">
        ShopScreen
      </text>
      <GameScreen x={198} y={214} width={224} height={126} skyId={skyId} design />
      <text x={310} y={372} fontSize={10} fill="#71717a" textAnchor="middle">
        1920 × 1080 design frame
      </text>
    </g>
  );
}

function ImportArrow() {
  return (
    <g>
      <path d="M448 280 H556" stroke="#7c3aed" strokeWidth={2} strokeDasharray="5 5" />
      <path d="M552 273 L562 280 L552 287" fill="none" stroke="#a78bfa" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" />
      <rect x={460} y={262} width={84} height={36} rx={18} fill="#1e1b2e" stroke="#7c3aed" strokeWidth={1.5} />
      <text x={502} y={284.5} fontSize={12} fontWeight={700} fill="#c4b5fd" textAnchor="middle">
        {PRODUCT_NAME}
      </text>
      <text x={502} y={318} fontSize={10} fill="#a1a1aa" textAnchor="middle">
        import + scale
      </text>
    </g>
  );
}

interface DeviceProps {
  x: number;
  y: number;
  screenWidth: number;
  screenHeight: number;
  bezelX: number;
  bezelY: number;
  label: string;
  labelX: number;
  labelY: number;
  skyId: string;
}

function Device({ x, y, screenWidth, screenHeight, bezelX, bezelY, label, labelX, labelY, skyId }: DeviceProps) {
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
        {label}
      </text>
    </g>
  );
}

export const PLUGIN_PREVIEW_LABEL = `${PRODUCT_NAME} plugin preview: a design frame with tagged layers such as Buy_button and ShopPanel_lock is imported into a game screen, and the same shop panel and buttons appear scaled on a desktop monitor, a tablet and a phone.`;

/** The home page's picture of the product: a design file turning into game UI on three devices. */
export function PluginPreview({ className }: { className?: string }) {
  const ids = useId().replace(/:/g, "");
  const skyId = `sky-${ids}`;
  const dotsId = `dots-${ids}`;
  const glowId = `glow-${ids}`;
  const titleId = `title-${ids}`;
  return (
    <svg viewBox="0 0 1000 560" role="img" aria-labelledby={titleId} className={className} fontFamily="inherit">
      <title id={titleId}>{PLUGIN_PREVIEW_LABEL}</title>
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b2f8f" />
          <stop offset="1" stopColor="#1a1640" />
        </linearGradient>
        <pattern id={dotsId} width="14" height="14" patternUnits="userSpaceOnUse">
          <rect width="14" height="14" fill="#0c0c10" />
          <circle cx="7" cy="7" r="0.9" fill="#27272a" />
        </pattern>
        <radialGradient id={glowId} cx="0.75" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#7c3aed" stopOpacity="0.22" />
          <stop offset="1" stopColor="#7c3aed" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1000" height="560" fill={`url(#${glowId})`} />
      <DesignWindow skyId={skyId} dotsId={dotsId} />
      <ImportArrow />
      <Device x={596} y={36} screenWidth={368} screenHeight={207} bezelX={10} bezelY={10} label="Desktop" labelX={902} labelY={294} skyId={skyId} />
      <path d="M766 263 h48 l8 26 h-64 z" fill="#27272a" />
      <rect x={728} y={288} width={136} height={8} rx={4} fill="#3f3f46" />
      <Device x={580} y={326} screenWidth={204} screenHeight={153} bezelX={13} bezelY={13} label="Tablet" labelX={695} labelY={526} skyId={skyId} />
      <Device x={826} y={380} screenWidth={134} screenHeight={64} bezelX={12} bezelY={7} label="Phone" labelX={905} labelY={478} skyId={skyId} />
    </svg>
  );
}
