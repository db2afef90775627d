import { failureToast } from "./failure-toast";
import type { ThemeChoice } from "@shared/theme";
import { useUpdateSettings } from "./queries/dashboard";
import { useIsSignedIn } from "./session";
import { getThemeChoice, setThemeChoice } from "./theme";

/**
 * Choosing a theme: applied at once and kept on this device; a signed-in user's account keeps it
 * too (PUT /api/user/settings), and if that fails the previous theme comes back.
 */
export function useChooseTheme(options: { onSaved?: () => void } = {}) {
  const signedIn = useIsSignedIn();
  const update = useUpdateSettings();
  return (choice: ThemeChoice) => {
    const before = getThemeChoice();
    setThemeChoice(choice);
    if (!signedIn) return;
    update.mutate(
      { theme: choice },
      {
        onSuccess: () => options.onSaved?.(),
        onError: (error) => {
          setThemeChoice(before);
          failureToast("Error", "Failed to update settings")(error);
        },
      },
    );
  };
}
