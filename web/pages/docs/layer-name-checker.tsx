import { useId, useMemo, useState } from "react";
import { CircleAlert, CircleCheck, ScanSearch } from "lucide-react";
import { Link } from "wouter";
import { PRODUCT_NAME } from "@shared/product";
import { checkLayerName, type LayerNameCheck, type ParsedTag } from "@shared/layer-name";
import { LAYER_TYPE_LABELS, LAYER_TYPES, tagBySlug, tagPath, type LayerType, type TagDoc } from "@shared/tags";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { SelectField, TextareaField, TextField } from "../../components/ui/text-field";
import { LayerNameText } from "./layer-name-text";

const EXAMPLE_NAME = "#Coin_button_lock";
const TRY_NAMES = ["#Coin_button_lock", "Shop_parent_scroll", "Play_hover", "Title_btn"] as const;

function siblingNames(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

function TagLink({ tag }: { tag: TagDoc }) {
  return (
    <Link
      href={tagPath(tag.slug)}
      className="inline-flex items-center gap-2 rounded-lg border border-brand/30 bg-accent px-3 py-1.5 text-sm transition-colors hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <code className="font-mono font-semibold text-accent-foreground">{tag.token}</code>
      <span className="text-muted-foreground">{tag.title}</span>
    </Link>
  );
}

function UnknownTag({ tag }: { tag: ParsedTag }) {
  return (
    <span className="inline-flex items-center gap-2 rounded-lg border border-destructive-text/40 px-3 py-1.5 text-sm">
      <code className="font-mono font-semibold text-destructive-text">{tag.token}</code>
      <span className="text-muted-foreground">not a tag</span>
    </span>
  );
}

function Result({ check }: { check: LayerNameCheck }) {
  const { parsed, problems, suggestedName } = check;
  const icon = parsed.iconPrefix ? tagBySlug("icon") : undefined;
  const hasTags = Boolean(icon) || parsed.tags.length > 0;
  return (
    <div className="grid gap-5">
      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Base name</h3>
        <p className="mt-1 font-mono text-base break-all">
          {parsed.baseName || <span className="text-muted-foreground">(none)</span>}
        </p>
      </div>
      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Tags</h3>
        {hasTags ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Tags in this name">
            {icon && (
              <li>
                <TagLink tag={icon} />
              </li>
            )}
            {parsed.tags.map((parsedTag, i) => {
              const doc = parsedTag.known ? tagBySlug(parsedTag.slug) : undefined;
              return (
                <li key={`${parsedTag.token}-${i}`}>{doc ? <TagLink tag={doc} /> : <UnknownTag tag={parsedTag} />}</li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No tags: the layer is imported as it is drawn.</p>
        )}
      </div>
      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Problems</h3>
        {problems.length === 0 ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-success">
            <CircleCheck className="size-4" aria-hidden />
            No problems found.
          </p>
        ) : (
          <ul className="mt-2 grid gap-2" aria-label="Problems">
            {problems.map((problem, i) => {
              const doc = problem.tagSlug ? tagBySlug(problem.tagSlug) : undefined;
              return (
                <li
                  key={`${problem.code}-${i}`}
                  className="flex gap-3 rounded-lg border border-destructive-text/30 bg-destructive/10 p-3 text-sm leading-relaxed"
                >
                  <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive-text" aria-hidden />
                  <span>
                    {problem.message}
                    {doc && (
                      <>
                        {" "}
                        <Link
                          href={tagPath(doc.slug)}
                          className="font-medium text-brand underline-offset-4 hover:underline"
                        >
                          Read about {doc.token}
                        </Link>
                      </>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {suggestedName && (
          <p className="mt-3 text-sm text-muted-foreground">
            Suggested name: <LayerNameText name={suggestedName} className="font-mono text-foreground" />
          </p>
        )}
      </div>
    </div>
  );
}

/** The names a reader can try with one click, under the name field. */
function TryNames({ onPick }: { onPick: (name: string) => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      Try:
      {TRY_NAMES.map((example) => (
        <button
          key={example}
          type="button"
          onClick={() => onPick(example)}
          className="cursor-pointer rounded font-mono text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {example}
        </button>
      ))}
    </p>
  );
}

/** A field's label with what it leaves to the reader, in a lighter tone. */
function OptionalLabel({ label, note }: { label: string; note: string }) {
  return (
    <>
      {label} <span className="font-normal text-muted-foreground">({note})</span>
    </>
  );
}

/** What is checked: the name, and the layer type and sibling names some rules depend on. */
function CheckerFields(props: {
  ids: string;
  name: string;
  setName: (name: string) => void;
  layerType: LayerType | "";
  setLayerType: (type: LayerType | "") => void;
  siblings: string;
  setSiblings: (siblings: string) => void;
}) {
  const { ids, name, setName, layerType, setLayerType, siblings, setSiblings } = props;
  return (
    <div className="grid content-start gap-5">
      <TextField
        id={`${ids}-name`}
        label="Layer name"
        hint={<TryNames onPick={setName} />}
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder={EXAMPLE_NAME}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="font-mono"
      />
      <SelectField
        id={`${ids}-type`}
        label={<OptionalLabel label="Layer type" note="optional" />}
        value={layerType}
        onChange={(event) => setLayerType(event.target.value as LayerType | "")}
      >
        <option value="">Not specified</option>
        {LAYER_TYPES.map((type) => (
          <option key={type} value={type}>
            {LAYER_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        id={`${ids}-siblings`}
        label={<OptionalLabel label="Layers beside it" note="optional, one per line" />}
        rows={4}
        value={siblings}
        onChange={(event) => setSiblings(event.target.value)}
        placeholder={"Play_button\nPlay_clicked"}
        spellCheck={false}
        className="font-mono"
      />
    </div>
  );
}

/** Type a layer name and see how the plugin reads it, live: base name, tags and rule violations. */
export function LayerNameChecker() {
  const ids = useId();
  const [name, setName] = useState(EXAMPLE_NAME);
  const [layerType, setLayerType] = useState<LayerType | "">("");
  const [siblings, setSiblings] = useState("");

  const check = useMemo(() => {
    const names = siblingNames(siblings);
    return checkLayerName(name, { layerType: layerType || undefined, siblings: names.length > 0 ? names : undefined });
  }, [name, layerType, siblings]);

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-brand">
            <ScanSearch className="size-5" aria-hidden />
          </span>
          <CardTitle id={`${ids}-title`} className="text-xl">
            Layer-name checker
          </CardTitle>
        </div>
        <CardDescription>
          Type a layer name as it appears in your design to see how {PRODUCT_NAME} reads it. Add the layer type and the
          names of the layers beside it to check the rules that depend on them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-2">
        <CheckerFields {...{ ids, name, setName, layerType, setLayerType, siblings, setSiblings }} />
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a live region named by its heading; a status role would change how it is announced */}
        <div
          aria-live="polite"
          aria-labelledby={`${ids}-title`}
          className="rounded-xl border border-border bg-background/60 p-5"
        >
          {name.trim() === "" ? (
            <p className="text-sm text-muted-foreground">Type a layer name to check it.</p>
          ) : (
            <Result check={check} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
