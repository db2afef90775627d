import { Globe } from "lucide-react";
import { LANGUAGES, languageInfo, type SiteLanguage } from "@shared/languages";
import { useLanguage, useT } from "../lib/language";
import { useChooseLanguage } from "../lib/use-choose-language";
import { Select } from "./ui/select";

interface LanguageSelectProps {
  id: string;
  className?: string;
  /** After the choice, e.g. to close the menu it was made in. */
  onChosen?: () => void;
  /**
   * The header's: a globe and the language's short name ("DE"), the platform's own picker over it, so the
   * header keeps its room with the longer German and French words. The menu's shows the full name.
   */
  compact?: boolean;
}

/** The page's language; picking another shows the same page in it. Each name is written in its own language. */
export function LanguageSelect({ id, className, onChosen, compact = false }: LanguageSelectProps) {
  const language = useLanguage();
  const choose = useChooseLanguage();
  const t = useT();
  const options = LANGUAGES.map(({ tag, name }) => (
    <option key={tag} value={tag} lang={tag}>
      {name}
    </option>
  ));
  const onChange = (event: { target: { value: string } }) =>
    void choose(event.target.value as SiteLanguage).then(onChosen);
  if (!compact) {
    return (
      <Select id={id} aria-label={t("frame.language")} className={className} value={language} onChange={onChange}>
        {options}
      </Select>
    );
  }
  return (
    <div className="relative flex h-9 items-center gap-1.5 rounded-md border border-input px-2.5 text-sm font-medium text-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring hover:bg-secondary">
      <Globe className="size-4 text-muted-foreground" aria-hidden />
      <span aria-hidden>{languageInfo(language).tag.toUpperCase()}</span>
      <select
        id={id}
        aria-label={t("frame.language")}
        value={language}
        onChange={onChange}
        className="absolute inset-0 cursor-pointer opacity-0"
      >
        {options}
      </select>
    </div>
  );
}
