-- The admin's user search finds an address by any part of it: a trigram index over users.email (FTS5,
-- external content: the addresses stay in users only), kept by triggers, filled once from the rows there.
CREATE VIRTUAL TABLE `users_email_search` USING fts5(email, content='users', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `users_email_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO users_email_search(rowid, email) VALUES (new.id, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_email_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO users_email_search(users_email_search, rowid, email) VALUES ('delete', old.id, old.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_email_search_update` AFTER UPDATE OF email ON `users` BEGIN
  INSERT INTO users_email_search(users_email_search, rowid, email) VALUES ('delete', old.id, old.email);
  INSERT INTO users_email_search(rowid, email) VALUES (new.id, new.email);
END;
--> statement-breakpoint
INSERT INTO users_email_search(users_email_search) VALUES ('rebuild');
