CREATE TABLE "banking_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"holder_name" text,
	"card_last4" text,
	"card_expiry" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "banking_accounts_floor" CHECK (kind = 'external' or balance + credit_limit >= 0),
	CONSTRAINT "banking_accounts_credit" CHECK (credit_limit >= 0 and (kind = 'card' or credit_limit = 0)),
	CONSTRAINT "banking_accounts_closed_empty" CHECK (status = 'open' or balance = 0)
);
--> statement-breakpoint
CREATE TABLE "banking_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"transaction_id" uuid,
	"from_account_id" uuid,
	"to_account_id" uuid,
	"amount" bigint NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banking_budgets" (
	"user_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "banking_budgets_user_id_month_category_id_pk" PRIMARY KEY("user_id","month","category_id"),
	CONSTRAINT "banking_budgets_amount" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "banking_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'other' NOT NULL,
	"parent_id" uuid,
	"key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banking_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banking_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banking_postings_nonzero" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE TABLE "banking_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"import_mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banking_recurring" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"next_date" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banking_recurring_amount" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "banking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "banking_requests_amount" CHECK (amount > 0 and requester_id <> payer_id)
);
--> statement-breakpoint
CREATE TABLE "banking_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contains" text NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banking_transaction_files" (
	"transaction_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "banking_transaction_files_transaction_id_file_id_pk" PRIMARY KEY("transaction_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "banking_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"amount" bigint NOT NULL,
	"occurred_on" date NOT NULL,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"from_user_id" uuid,
	"to_user_id" uuid,
	"from_category_id" uuid,
	"to_category_id" uuid,
	"counterparty" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"idempotency_key" text,
	"request_hash" text,
	"import_key" text,
	"recurring_id" uuid,
	"occurrence" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "banking_tx_amount" CHECK (amount > 0),
	CONSTRAINT "banking_tx_accounts" CHECK (from_account_id <> to_account_id)
);
--> statement-breakpoint
ALTER TABLE "banking_accounts" ADD CONSTRAINT "banking_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_budgets" ADD CONSTRAINT "banking_budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_budgets" ADD CONSTRAINT "banking_budgets_category_id_banking_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."banking_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_categories" ADD CONSTRAINT "banking_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_categories" ADD CONSTRAINT "banking_categories_parent_id_banking_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."banking_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_postings" ADD CONSTRAINT "banking_postings_transaction_id_banking_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."banking_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_postings" ADD CONSTRAINT "banking_postings_account_id_banking_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."banking_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_profiles" ADD CONSTRAINT "banking_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_recurring" ADD CONSTRAINT "banking_recurring_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_recurring" ADD CONSTRAINT "banking_recurring_account_id_banking_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."banking_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_recurring" ADD CONSTRAINT "banking_recurring_category_id_banking_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."banking_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_requests" ADD CONSTRAINT "banking_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_requests" ADD CONSTRAINT "banking_requests_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_requests" ADD CONSTRAINT "banking_requests_transaction_id_banking_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."banking_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_rules" ADD CONSTRAINT "banking_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_rules" ADD CONSTRAINT "banking_rules_category_id_banking_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."banking_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transaction_files" ADD CONSTRAINT "banking_transaction_files_transaction_id_banking_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."banking_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transaction_files" ADD CONSTRAINT "banking_transaction_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transaction_files" ADD CONSTRAINT "banking_transaction_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_from_account_id_banking_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."banking_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_to_account_id_banking_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."banking_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_from_category_id_banking_categories_id_fk" FOREIGN KEY ("from_category_id") REFERENCES "public"."banking_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_to_category_id_banking_categories_id_fk" FOREIGN KEY ("to_category_id") REFERENCES "public"."banking_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_transactions" ADD CONSTRAINT "banking_transactions_recurring_id_banking_recurring_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."banking_recurring"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banking_accounts_user_idx" ON "banking_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "banking_audit_tx_idx" ON "banking_audit" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "banking_categories_user_idx" ON "banking_categories" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "banking_categories_key_unique" ON "banking_categories" USING btree ("user_id","key") WHERE key is not null;--> statement-breakpoint
CREATE INDEX "banking_postings_account_idx" ON "banking_postings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "banking_postings_tx_idx" ON "banking_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "banking_recurring_user_idx" ON "banking_recurring" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "banking_recurring_due_idx" ON "banking_recurring" USING btree ("next_date") WHERE active;--> statement-breakpoint
CREATE INDEX "banking_requests_requester_idx" ON "banking_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "banking_requests_payer_idx" ON "banking_requests" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "banking_rules_user_idx" ON "banking_rules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "banking_tx_files_file_idx" ON "banking_transaction_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "banking_tx_from_user_idx" ON "banking_transactions" USING btree ("from_user_id","occurred_on","created_at","id");--> statement-breakpoint
CREATE INDEX "banking_tx_to_user_idx" ON "banking_transactions" USING btree ("to_user_id","occurred_on","created_at","id");--> statement-breakpoint
CREATE INDEX "banking_tx_from_account_idx" ON "banking_transactions" USING btree ("from_account_id","occurred_on");--> statement-breakpoint
CREATE INDEX "banking_tx_to_account_idx" ON "banking_transactions" USING btree ("to_account_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "banking_tx_idempotency_unique" ON "banking_transactions" USING btree ("created_by","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "banking_tx_import_unique" ON "banking_transactions" USING btree ("import_key") WHERE import_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "banking_tx_occurrence_unique" ON "banking_transactions" USING btree ("recurring_id","occurrence") WHERE recurring_id is not null;
--> statement-breakpoint
-- Banking ledger (ADR 049): the account outside the workspace (income comes from it, expenses go to it).
INSERT INTO "banking_accounts" ("id", "user_id", "kind", "name") VALUES ('00000000-0000-4000-8000-000000000001', NULL, 'external', 'External');
--> statement-breakpoint
-- Postings are inserted per transaction in one statement: they must sum to zero per transaction, and the same
-- statement adds them to the accounts' stored balances (the external account keeps none). The balance is
-- therefore the sum of its postings by construction; the banking_accounts_floor check refuses an overdraft.
CREATE FUNCTION banking_postings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_postings GROUP BY transaction_id HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'banking postings of a transaction must sum to zero' USING ERRCODE = '23514';
  END IF;
  UPDATE banking_accounts a SET balance = a.balance + s.total
    FROM (SELECT account_id, sum(amount) AS total FROM new_postings GROUP BY account_id) s
    WHERE a.id = s.account_id AND a.kind <> 'external';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER banking_postings_apply AFTER INSERT ON banking_postings REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION banking_postings_apply();
--> statement-breakpoint
-- The ledger and the audit are append-only.
CREATE FUNCTION banking_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER banking_postings_append_only BEFORE UPDATE OR DELETE ON banking_postings FOR EACH ROW EXECUTE FUNCTION banking_append_only();
--> statement-breakpoint
CREATE TRIGGER banking_audit_append_only BEFORE UPDATE OR DELETE ON banking_audit FOR EACH ROW EXECUTE FUNCTION banking_append_only();
