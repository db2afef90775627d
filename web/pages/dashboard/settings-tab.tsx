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
import { useFormats } from "./time";
import { useT } from "../../lib/language";
import type { MessageId } from "../../lib/i18n";
import { ChangeEmailDialog } from "./account/change-email-dialog";
import { ChangePasswordDialog } from "./account/change-password-dialog";
import { PendingEmailChange } from "./account/pending-email-change";
import { YourDataCard } from "./account/your-data-card";

type Toggles = { notifications: boolean; autoSync: boolean };

interface Setting {
  name: keyof Toggles;
  id: string;
  label: MessageId;
  description: MessageId;
}

const SETTINGS: Setting[] = [
  {
    name: "notifications",
    id: "setting-notifications",
    label: "dashboard.settings.notifications",
    description: "dashboard.settings.notificationsText",
  },
  {
    name: "autoSync",
    id: "setting-auto-sync",
    label: "dashboard.settings.autoSync",
    description: "dashboard.settings.autoSyncText",
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

/** The switches and the theme; a switch is saved at once and, on failure, goes back to what the server has. */
function PreferencesCard({ user }: { user: AccountUser }) {
  const update = useUpdateSettings();
  const t = useT();
  const saved = () => toast({ title: t("dashboard.settings.saved"), description: t("dashboard.settings.savedText") });
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
      onSuccess: saved,
      onError: (error) => {
        setToggles(before);
        failureToast(t("dashboard.error"), t("dashboard.settings.failed"))(error);
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-base">
          {t("dashboard.settings.preferences")}
        </CardTitle>
        <CardDescription>{t("dashboard.settings.preferencesText")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {SETTINGS.map((setting) => (
          <SettingRow
            key={setting.name}
            id={setting.id}
            label={t(setting.label)}
            description={
              setting.name === "notifications" && user.isAdmin
                ? `${t(setting.description)} ${t("dashboard.settings.admin")}`
                : t(setting.description)
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
        <SettingRow
          id="setting-theme"
          label={t("dashboard.settings.theme")}
          description={t("dashboard.settings.themeText")}
        >
          <div className="w-32 shrink-0">
            <ThemeSelect id="setting-theme" aria-describedby="setting-theme-description" onSaved={saved} />
          </div>
        </SettingRow>
        <SettingRow
          id="setting-language"
          label={t("dashboard.settings.language")}
          description={t("dashboard.settings.languageText")}
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
  const t = useT();
  const { date } = useFormats();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-base">
          {t("dashboard.settings.account")}
        </CardTitle>
        <CardDescription>{t("dashboard.settings.accountText")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <TextField
          id="account-email"
          label={t("auth.email")}
          type="email"
          value={user.email}
          readOnly
          aria-readonly
          className="text-muted-foreground"
        />
        <PendingEmailChange />
        <div className="grid gap-1">
          <p className="text-sm font-medium">{t("dashboard.settings.memberSince")}</p>
          <p className="text-muted-foreground" data-testid="member-since">
            {date(user.createdAt)}
          </p>
        </div>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-3">
        <ChangeEmailDialog currentEmail={user.email} />
        <ChangePasswordDialog />
        <Button variant="outline" onClick={logout}>
          <LogOut aria-hidden /> {t("dashboard.settings.signOut")}
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
