import type { TagDoc } from "@shared/tags";
import { parseLayerName } from "@shared/layer-name";
import { cn } from "../../lib/utils";
import { LayerNameText } from "./layer-name-text";

/** True when the layer name carries the tag the page is about. */
function usesTag(name: string, tag: TagDoc): boolean {
  const parsed = parseLayerName(name);
  if (tag.kind === "prefix") return parsed.iconPrefix;
  return parsed.tags.some((t) => t.known && t.token === tag.token);
}

/** The worked example: an indented, monospace layer tree with the page's tag highlighted. */
export function ExampleTree({ tag }: { tag: TagDoc }) {
  const { caption, layers } = tag.example;
  return (
    <figure className="overflow-hidden rounded-xl border border-border bg-code">
      <figcaption className="border-b border-border px-4 py-3 text-sm text-muted-foreground">{caption}</figcaption>
      <div className="overflow-x-auto">
        <ul aria-label="Example layer tree" className="py-3 font-mono text-[13px] leading-6">
          {layers.map((layer, i) => {
            const highlighted = usesTag(layer.name, tag);
            return (
              <li
                key={`${layer.name}-${i}`}
                className={cn("flex flex-wrap items-baseline gap-x-3 pr-4", highlighted && "bg-accent/70")}
                style={{ paddingLeft: `${1 + layer.depth * 1.5}rem` }}
              >
                <span aria-hidden className="text-muted-foreground/60">
                  {layer.depth === 0 ? "▾" : "└"}
                </span>
                <LayerNameText name={layer.name} className={cn("whitespace-nowrap", highlighted && "font-semibold")} />
                {layer.note && <span className="font-sans text-xs text-muted-foreground">— {layer.note}</span>}
              </li>
            );
          })}
        </ul>
      </div>
    </figure>
  );
}
