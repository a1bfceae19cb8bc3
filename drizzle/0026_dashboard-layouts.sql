CREATE TABLE "dashboard_layouts" (
	"user_id" uuid NOT NULL,
	"dashboard" text NOT NULL,
	"widgets" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_layouts_user_id_dashboard_pk" PRIMARY KEY("user_id","dashboard"),
	CONSTRAINT "dashboard_layouts_dashboard_valid" CHECK ("dashboard_layouts"."dashboard" in ('app', 'ecommerce', 'analytics', 'banking', 'booking', 'file'))
);
--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");