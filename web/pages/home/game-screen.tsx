/**
 * One game screen of the plugin preview, drawn at any size: the shop panel keeps its proportions
 * and stays centred, the coin counter stays in the top-right corner and the menu buttons in the
 * bottom-left, the way an imported UI scales and anchors on every device.
 */

/** The shop panel's design size; every device shows it scaled, never stretched. */
const PANEL = { width: 200, height: 130 } as const;
const ITEM_COLOURS = ["#facc15", "#38bdf8", "#f472b6"] as const;
const ITEM_PRICES = ["120", "450", "990"] as const;

export interface GameScreenProps {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Ids of the shared <defs> (gradients) of the whole illustration. */
  skyId: string;
  /** The design canvas shows a flat frame with the selected button outlined instead of the game world. */
  design?: boolean;
}

function World({ width, height }: { width: number; height: number }) {
  const ground = height * 0.72;
  return (
    <g aria-hidden>
      <circle cx={width * 0.82} cy={height * 0.3} r={height * 0.12} fill="#c4b5fd" opacity={0.35} />
      {[0.12, 0.3, 0.55, 0.68, 0.9].map((fx, i) => (
        <circle
          key={fx}
          cx={width * fx}
          cy={height * (0.12 + (i % 3) * 0.08)}
          r={Math.max(0.6, height * 0.008)}
          fill="#e9d5ff"
          opacity={0.7}
        />
      ))}
      <path
        d={`M0 ${ground} Q ${width * 0.2} ${ground - height * 0.14} ${width * 0.42} ${ground - height * 0.02} T ${width} ${ground - height * 0.08} V ${height} H 0 Z`}
        fill="#2a2560"
      />
      <path
        d={`M0 ${height * 0.86} Q ${width * 0.35} ${height * 0.76} ${width * 0.62} ${height * 0.84} T ${width} ${height * 0.82} V ${height} H 0 Z`}
        fill="#1b1840"
      />
    </g>
  );
}

function ShopPanel({ design }: { design: boolean }) {
  return (
    <g>
      <rect
        x={0.75}
        y={0.75}
        width={PANEL.width - 1.5}
        height={PANEL.height - 1.5}
        rx={10}
        fill="#15131f"
        stroke="#7c3aed"
        strokeWidth={1.5}
      />
      <text x={14} y={21} fontSize={11} fontWeight={700} fill="#fafafa" letterSpacing={1}>
        SHOP
      </text>
      <circle cx={184} cy={17} r={7} fill="#27272a" />
      <path d="M181 14 l6 6 M187 14 l-6 6" stroke="#d4d4d8" strokeWidth={1.4} strokeLinecap="round" />
      {ITEM_COLOURS.map((colour, i) => {
        const left = 12 + i * 62;
        return (
          <g key={colour}>
            <rect x={left} y={32} width={54} height={56} rx={6} fill="#1e1b2e" />
            <circle cx={left + 27} cy={54} r={12} fill={colour} />
            <circle cx={left + 23} cy={50} r={4} fill="#ffffff" opacity={0.45} />
            <text x={left + 27} y={81} fontSize={8} fill="#a1a1aa" textAnchor="middle">
              {ITEM_PRICES[i]}
            </text>
          </g>
        );
      })}
      <rect x={50} y={98} width={100} height={22} rx={6} fill="#7c3aed" />
      <text x={100} y={112.5} fontSize={10} fontWeight={700} fill="#ffffff" textAnchor="middle" letterSpacing={1}>
        BUY
      </text>
      {design && (
        <g>
          <rect x={47} y={95} width={106} height={28} fill="none" stroke="#a78bfa" strokeWidth={1.2} />
          {[
            [47, 95],
            [153, 95],
            [47, 123],
            [153, 123],
          ].map(([hx, hy]) => (
            <rect
              key={`${hx}-${hy}`}
              x={hx - 2.5}
              y={hy - 2.5}
              width={5}
              height={5}
              fill="#09090b"
              stroke="#a78bfa"
              strokeWidth={1}
            />
          ))}
        </g>
      )}
    </g>
  );
}

/** Corner elements: sized from the screen height, pinned to their corners. */
function Hud({ width, height }: { width: number; height: number }) {
  const u = height / 180;
  const pillWidth = 64 * u;
  const pillX = width - 8 * u - pillWidth;
  return (
    <g>
      <rect x={pillX} y={8 * u} width={pillWidth} height={18 * u} rx={9 * u} fill="#000000" opacity={0.45} />
      <circle cx={pillX + 10 * u} cy={17 * u} r={6 * u} fill="#facc15" />
      <text x={pillX + 21 * u} y={20.5 * u} fontSize={10 * u} fontWeight={600} fill="#fafafa">
        1,250
      </text>
      <circle cx={19 * u} cy={height - 19 * u} r={11 * u} fill="#7c3aed" />
      <path
        d={`M${14 * u} ${height - 22 * u} h${10 * u} M${14 * u} ${height - 19 * u} h${10 * u} M${14 * u} ${height - 16 * u} h${10 * u}`}
        stroke="#ffffff"
        strokeWidth={1.4 * u}
        strokeLinecap="round"
      />
      <circle cx={47 * u} cy={height - 19 * u} r={11 * u} fill="#27272a" />
      <circle cx={47 * u} cy={height - 19 * u} r={4 * u} fill="none" stroke="#ffffff" strokeWidth={1.4 * u} />
    </g>
  );
}

export function GameScreen({ x, y, width, height, skyId, design = false }: GameScreenProps) {
  const scale = Math.min((width * 0.62) / PANEL.width, (height * 0.7) / PANEL.height);
  const panelX = (width - PANEL.width * scale) / 2;
  const panelY = (height - PANEL.height * scale) / 2;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: a nested svg inside a drawing that carries its own label
    <svg x={x} y={y} width={width} height={height} viewBox={`0 0 ${width} ${height}`} overflow="hidden">
      {design ? (
        <rect width={width} height={height} fill="#1c1a2b" />
      ) : (
        <>
          <rect width={width} height={height} fill={`url(#${skyId})`} />
          <World width={width} height={height} />
        </>
      )}
      <g transform={`translate(${panelX} ${panelY}) scale(${scale})`}>
        <ShopPanel design={design} />
      </g>
      <Hud width={width} height={height} />
    </svg>
  );
}
