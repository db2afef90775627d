import { failureToast } from "../../lib/failure-toast";
import { useEffect, useState, type ReactNode } from "react";
import { LogOut } from "lucide-react";
import type { AccountUser } from "../../lib/plugin-key-name";
import { ThemeSelect } from "../../components/theme-select";
import { Select } from "../../components/ui/select";
import { LANGUAGES, isSiteLanguage, type SiteLanguage } from "@shared/languages";
import { useChooseLanguage } from "../../lib/use-choose-language";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { useLogout } from "../../lib/queries/auth";
import { useUpdateSettings } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";
import { formatDate } from "./time";
import { ChangeEmailDialog } from "./account/change-email-dialog";
import { ChangePasswordDialog } from "./account/change-password-dialog";
import { PendingEmailChange } from "./account/pending-email-change";
import { YourDataCard } from "./account/your-data-card";

type Toggles = { notifications: boolean; autoSync: boolean };

interface Setting {
  name: keyof Toggles;
  id: string;
  label: string;
  description: string;
}

const SETTINGS: Setting[] = [
  {
    name: "notifications",
    id: "setting-notifications",
    label: "Email notifications",
    description: "Security alerts, such as your plugin key being used from another Roblox account.",
  },
  {
    name: "autoSync",
    id: "setting-auto-sync",
    label: "Auto-sync",
    description: "Keep the plugin's imported screens in sync with your latest design changes.",
  },
];

/** One preference: its label and what it does on the left, its control on the right. */
function SettingRow({
  id,
  label,
  description,
  children,
}: {
  id: string;
  label: string;
  description: string;
  /** The control, described by `${id}-description`. */
  children: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      {children}
    </div>
  );
}

const SAVED = { title: "Settings Updated", description: "Your preferences have been saved." };

/** The switches and the theme; a switch is saved at once and, on failure, goes back to what the server has. */
function PreferencesCard({ user }: { user: AccountUser }) {
  const update = useUpdateSettings();
  const [toggles, setToggles] = useState<Toggles>({
    notifications: user.settings.notifications,
    autoSync: user.settings.autoSync,
  });

  useEffect(() => {
    setToggles({ notifications: user.settings.notifications, autoSync: user.settings.autoSync });
  }, [user.settings.notifications, user.settings.autoSync]);

  function save(change: Partial<Toggles>) {
    const before = toggles;
    setToggles({ ...toggles, ...change });
    update.mutate(change, {
      onSuccess: () => toast(SAVED),
      onError: (error) => {
        setToggles(before);
        failureToast("Error", "Failed to update settings")(error);
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-base">
          Preferences
        </CardTitle>
        <CardDescription>Changes are saved as soon as you make them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {SETTINGS.map((setting) => (
          <SettingRow
            key={setting.name}
            id={setting.id}
            label={setting.label}
            description={
              setting.name === "notifications" && user.isAdmin
                ? `${setting.description} As an admin: new support tickets and answers.`
                : setting.description
            }
          >
            <Switch
              id={setting.id}
              checked={toggles[setting.name]}
              disabled={update.isPending}
              onCheckedChange={(value) => save({ [setting.name]: value })}
              aria-describedby={`${setting.id}-description`}
            />
          </SettingRow>
        ))}
        <SettingRow id="setting-theme" label="Theme" description="Dark, light, or the same as your device.">
          <div className="w-32 shrink-0">
            <ThemeSelect id="setting-theme" aria-describedby="setting-theme-description" onSaved={() => toast(SAVED)} />
          </div>
        </SettingRow>
        <SettingRow
          id="setting-language"
          label="Language"
          description="The language the site is shown in. Picking one shows this page in it."
        >
          <div className="w-48 shrink-0">
            <AccountLanguageSelect user={user} />
          </div>
        </SettingRow>
      </CardContent>
    </Card>
  );
}

/** The account's language setting: saved to the account and remembered here, and this page shown in it. */
function AccountLanguageSelect({ user }: { user: AccountUser }) {
  const choose = useChooseLanguage();
  const saved = user.settings.language;
  return (
    <Select
      id="setting-language"
      aria-describedby="setting-language-description"
      value={isSiteLanguage(saved) ? saved : "en"}
      onChange={(event) => void choose(event.target.value as SiteLanguage)}
    >
      {LANGUAGES.map(({ tag, name }) => (
        <option key={tag} value={tag} lang={tag}>
          {name}
        </option>
      ))}
    </Select>
  );
}

/** The sign-in details, and the ways to change them or sign out. */
function AccountCard({ user }: { user: AccountUser }) {
  const logout = useLogout();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-base">
          Account
        </CardTitle>
        <CardDescription>Your sign-in details.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <TextField
          id="account-email"
          label="Email"
          type="email"
          value={user.email}
          readOnly
          aria-readonly
          className="text-muted-foreground"
        />
        <PendingEmailChange />
        <div className="grid gap-1">
          <p className="text-sm font-medium">Member since</p>
          <p className="text-muted-foreground" data-testid="member-since">
            {formatDate(user.createdAt)}
          </p>
        </div>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-3">
        <ChangeEmailDialog currentEmail={user.email} />
        <ChangePasswordDialog />
        <Button variant="outline" onClick={logout}>
          <LogOut aria-hidden /> Sign Out
        </Button>
      </CardFooter>
    </Card>
  );
}

export function SettingsTab({ user }: { user: AccountUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <PreferencesCard user={user} />
      <AccountCard user={user} />
      <YourDataCard />
    </div>
  );
}
