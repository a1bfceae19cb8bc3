ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every editable record carries a version that every write raises by one (ADR 017): an edit states the
-- version it was based on, and a write based on an older one is refused with 409. One function for every
-- table that has a `version` column.
CREATE OR REPLACE FUNCTION atrium_bump_version() RETURNS trigger AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_bump_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();
