import { formatLayerName, parseLayerName } from "@shared/layer-name";
import { cn } from "../../lib/utils";

/**
 * A layer name with its tags in the accent colour: `#Coin_button_lock`. Names the parser would
 * rewrite (stray underscores, spaces) are shown exactly as written, uncoloured.
 */
export function LayerNameText({ name, className }: { name: string; className?: string }) {
  const parsed = parseLayerName(name);
  if (formatLayerName(parsed) !== name) return <span className={className}>{name}</span>;
  return (
    <span className={className}>
      {parsed.iconPrefix && <span className="text-brand">#</span>}
      <span>{parsed.baseName}</span>
      {parsed.tags.map((tag, i) => (
        <span key={`${tag.token}-${i}`} className={cn(tag.known ? "text-brand" : "text-destructive-text")}>
          {tag.token}
        </span>
      ))}
    </span>
  );
}
