-- An account whose theme is not the old default (dark) was given it by its user: that one was chosen. A dark one
-- cannot be told from the default, so it counts as not chosen: the browser's own theme, dark unless its visitor
-- picked another, is then kept.
UPDATE users SET theme_chosen = true WHERE theme <> 'dark';
