import { THEME_CHOICES, type ThemeChoice } from "@shared/theme";
import { useT } from "../lib/language";
import { useChooseTheme } from "../lib/use-choose-theme";
import { useThemeChoice } from "../lib/theme";
import { Select } from "./ui/select";

export interface ThemeSelectProps {
  id: string;
  className?: string;
  /** Called once a signed-in user's choice is saved to the account. */
  onSaved?: () => void;
  "aria-describedby"?: string;
}

/** Dark, Light or System: applied as soon as it is picked. */
export function ThemeSelect({ id, className, onSaved, ...aria }: ThemeSelectProps) {
  const choice = useThemeChoice();
  const choose = useChooseTheme({ onSaved });
  const t = useT();
  return (
    <Select
      id={id}
      className={className}
      value={choice}
      onChange={(event) => choose(event.target.value as ThemeChoice)}
      {...aria}
    >
      {THEME_CHOICES.map((value) => (
        <option key={value} value={value}>
          {t(`frame.theme.${value}`)}
        </option>
      ))}
    </Select>
  );
}
