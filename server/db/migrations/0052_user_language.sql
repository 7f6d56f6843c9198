ALTER TABLE "users" ALTER COLUMN "lang_key" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "lang_key" DROP NOT NULL;