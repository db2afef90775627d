import { LANGUAGES, type SiteLanguage } from "@shared/languages";
import { useLanguage, useT } from "../lib/language";
import { useChooseLanguage } from "../lib/use-choose-language";
import { Select } from "./ui/select";

/** The page's language; picking another shows the same page in it. Each name is written in its own language. */
export function LanguageSelect({
  id,
  className,
  onChosen,
}: {
  id: string;
  className?: string;
  /** After the choice, e.g. to close the menu it was made in. */
  onChosen?: () => void;
}) {
  const language = useLanguage();
  const choose = useChooseLanguage();
  const t = useT();
  return (
    <Select
      id={id}
      aria-label={t("frame.language")}
      className={className}
      value={language}
      onChange={(event) => void choose(event.target.value as SiteLanguage).then(onChosen)}
    >
      {LANGUAGES.map(({ tag, name }) => (
        <option key={tag} value={tag} lang={tag}>
          {name}
        </option>
      ))}
    </Select>
  );
}
