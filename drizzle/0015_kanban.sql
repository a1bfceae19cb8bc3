CREATE TABLE "kanban_attachments" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kanban_board_members" (
	"board_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"last_opened_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kanban_board_members_board_id_user_id_pk" PRIMARY KEY("board_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "kanban_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"personal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kanban_card_assignees" (
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "kanban_card_assignees_card_id_user_id_pk" PRIMARY KEY("card_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "kanban_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"due_start" timestamp with time zone,
	"due_end" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"reporter_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kanban_cards_due_order" CHECK (due_start is null or due_end is null or due_end >= due_start)
);
--> statement-breakpoint
CREATE TABLE "kanban_columns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kanban_columns_id_board_unique" UNIQUE("id","board_id")
);
--> statement-breakpoint
CREATE TABLE "kanban_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kanban_attachments" ADD CONSTRAINT "kanban_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_attachments" ADD CONSTRAINT "kanban_attachments_card_id_kanban_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."kanban_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_board_members" ADD CONSTRAINT "kanban_board_members_board_id_kanban_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."kanban_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_board_members" ADD CONSTRAINT "kanban_board_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_boards" ADD CONSTRAINT "kanban_boards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_card_assignees" ADD CONSTRAINT "kanban_card_assignees_card_id_kanban_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."kanban_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_card_assignees" ADD CONSTRAINT "kanban_card_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD CONSTRAINT "kanban_cards_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD CONSTRAINT "kanban_cards_column_fk" FOREIGN KEY ("column_id","board_id") REFERENCES "public"."kanban_columns"("id","board_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_columns" ADD CONSTRAINT "kanban_columns_board_id_kanban_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."kanban_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_comments" ADD CONSTRAINT "kanban_comments_card_id_kanban_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."kanban_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_comments" ADD CONSTRAINT "kanban_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kanban_attachments_card_idx" ON "kanban_attachments" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "kanban_board_members_user_idx" ON "kanban_board_members" USING btree ("user_id","last_opened_at");--> statement-breakpoint
CREATE INDEX "kanban_boards_owner_idx" ON "kanban_boards" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kanban_boards_personal_unique" ON "kanban_boards" USING btree ("owner_id") WHERE personal;--> statement-breakpoint
CREATE INDEX "kanban_card_assignees_user_idx" ON "kanban_card_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kanban_cards_column_position_unique" ON "kanban_cards" USING btree ("column_id","position");--> statement-breakpoint
CREATE INDEX "kanban_cards_board_idx" ON "kanban_cards" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "kanban_cards_reporter_idx" ON "kanban_cards" USING btree ("reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kanban_columns_board_position_unique" ON "kanban_columns" USING btree ("board_id","position");--> statement-breakpoint
CREATE INDEX "kanban_comments_card_idx" ON "kanban_comments" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "kanban_comments_author_idx" ON "kanban_comments" USING btree ("author_id");--> statement-breakpoint
-- A card's version (ADR 017) is raised by edits of its fields only: `updated_at` is set by every field edit
-- (and by an edit of the assignees alone), while a move (column_id, position) leaves the version alone, so
-- moving a card never makes someone's open edit of it stale (ADR 024).
CREATE TRIGGER kanban_cards_bump_version BEFORE UPDATE OF name, description, priority, labels, due_start, due_end, completed, updated_at ON kanban_cards FOR EACH ROW EXECUTE FUNCTION atrium_bump_version();
