/** The design tool's window in the preview: its layer panel with tagged names, the artboard and the inspector. */
import { GameScreen } from "./game-screen";

/** Ids of the drawing's gradients, pattern and clip path, unique per drawing on the page. */
export interface PreviewIds {
  sky: string;
  dots: string;
  glow: string;
  window: string;
}

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

export interface WindowGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Right edge of the layers panel. */
  panelRight: number;
  rowTop: number;
  rowStep: number;
  artboard: { x: number; y: number; width: number; height: number };
}

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
      return (
        <rect
          x={x}
          y={y - 4}
          width={8}
          height={8}
          rx={1.5}
          fill="none"
          stroke={stroke}
          strokeWidth={1.1}
          strokeDasharray="2 1.5"
        />
      );
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

function LayersPanel({ frame }: { frame: WindowGeometry }) {
  return (
    <g>
      <text x={frame.x + 14} y={frame.rowTop - 26} fontSize={10} fontWeight={600} fill="#71717a" letterSpacing={1}>
        LAYERS
      </text>
      {LAYERS.map((layer, i) => {
        const rowY = frame.rowTop + i * frame.rowStep;
        const left = frame.x + 14 + layer.depth * 11;
        return (
          <g key={`${layer.base}${layer.tag ?? ""}`}>
            {layer.selected && (
              <rect
                x={frame.x + 6}
                y={rowY - 11}
                width={frame.panelRight - frame.x - 12}
                height={20}
                rx={5}
                fill="#7c3aed"
                opacity={0.35}
              />
            )}
            <LayerGlyph icon={layer.icon} x={left} y={rowY - 1} />
            <text x={left + 15} y={rowY + 3.5} fontSize={11.5} fill="#e4e4e7">
              {layer.base}
              {layer.tag && <tspan fill="#a78bfa">{layer.tag}</tspan>}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** What the selected layer becomes: the plugin's reading of its tags. */
function Inspector({ x, y, width }: { x: number; y: number; width: number }) {
  return (
    <g>
      <rect x={x} y={y} width={width} height={74} rx={8} fill="#15131f" stroke="#2e2e35" />
      <text x={x + 12} y={y + 20} fontSize={10} fontWeight={600} fill="#71717a" letterSpacing={1}>
        IMPORTS AS
      </text>
      <text x={x + 12} y={y + 41} fontSize={11.5} fill="#e4e4e7">
        Buy<tspan fill="#a78bfa">_button</tspan>
        <tspan fill="#71717a"> → </tspan>ImageButton
      </text>
      <text x={x + 12} y={y + 61} fontSize={11.5} fill="#e4e4e7">
        Buy<tspan fill="#a78bfa">_hover</tspan>
        <tspan fill="#71717a"> → </tspan>its mouse-over look
      </text>
    </g>
  );
}

export function DesignWindow({
  frame,
  ids,
  inspector,
}: {
  frame: WindowGeometry;
  ids: PreviewIds;
  inspector: boolean;
}) {
  const { x, y, width, height, panelRight, artboard } = frame;
  return (
    <g>
      <clipPath id={ids.window}>
        <rect x={x} y={y} width={width} height={height} rx={14} />
      </clipPath>
      <rect x={x} y={y} width={width} height={height} rx={14} fill="#111116" />
      <rect
        x={panelRight}
        y={y + 33}
        width={x + width - panelRight}
        height={height - 33}
        fill={`url(#${ids.dots})`}
        clipPath={`url(#${ids.window})`}
      />
      <rect x={x} y={y} width={width} height={height} rx={14} fill="none" stroke="#27272a" strokeWidth={1.5} />
      <path d={`M${x} ${y + 32} H${x + width}`} stroke="#27272a" strokeWidth={1.5} />
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={x + 18 + i * 14} cy={y + 16} r={4.5} fill="#3f3f46" />
      ))}
      <text x={x + width / 2} y={y + 20} fontSize={11} fill="#a1a1aa" textAnchor="middle">
        Shop.fig
      </text>
      <path d={`M${panelRight} ${y + 32} V${y + height}`} stroke="#27272a" strokeWidth={1.5} />
      <LayersPanel frame={frame} />
      <text x={artboard.x} y={artboard.y - 8} fontSize={10} fill="#a1a1aa">
        ShopScreen
      </text>
      <GameScreen
        x={artboard.x}
        y={artboard.y}
        width={artboard.width}
        height={artboard.height}
        skyId={ids.sky}
        design
      />
      <text
        x={artboard.x + artboard.width / 2}
        y={artboard.y + artboard.height + 20}
        fontSize={10}
        fill="#71717a"
        textAnchor="middle"
      >
        1920 × 1080 design frame
      </text>
      {inspector && <Inspector x={artboard.x} y={artboard.y + artboard.height + 44} width={artboard.width} />}
    </g>
  );
}
