CREATE TABLE "guidelines_consents" (
	"user_id" uuid NOT NULL,
	"guidelines_document_id" uuid NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guidelines_consents_user_id_guidelines_document_id_pk" PRIMARY KEY("user_id","guidelines_document_id")
);
--> statement-breakpoint
CREATE TABLE "guidelines_documents" (
	"guidelines_document_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"requires_consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guidelines_consents" ADD CONSTRAINT "guidelines_consents_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidelines_consents" ADD CONSTRAINT "guidelines_consents_guidelines_document_id_guidelines_documents_guidelines_document_id_fk" FOREIGN KEY ("guidelines_document_id") REFERENCES "public"."guidelines_documents"("guidelines_document_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guidelines_documents_template" ON "guidelines_documents" USING btree ("is_template");