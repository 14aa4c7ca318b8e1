package main

import (
	"fmt"
	"strings"
)

// bulkTrigger says what the data set builders do about one per-row trigger of a table they load:
// either paused, or accounted for.
type bulkTrigger struct {
	table string
	// paused says which step redoes the trigger's work, for the whole table in one statement, after
	// a load with the trigger off (pauseTriggers, resumeTriggers): the builders never fire it.
	paused string
	// accounted says why the trigger may fire for every row the builders load.
	accounted string
}

// bulkTriggers are the per-row triggers of every table the builders load, each paused or
// accounted for; TestBulkLoadTriggers lists them from the migrated schema and fails on one missing
// here, or on a paused one that a builder fires. A trigger that keeps a shared row (a counter per
// city) updates that row once per loaded row inside one transaction, each update walking a longer
// chain of the row's versions: a million listings over 40 neighbourhood rows ran for more than 30
// minutes. Foreign-key checks (PostgreSQL's internal triggers) are not listed: each is a probe of a
// primary key, and the builders skip them (session_replication_role) where they make the references.
var bulkTriggers = map[string]bulkTrigger{
	"properties_sync_cities": {
		table:  "properties",
		paused: "placesAndTextsStep counts every city's active listings",
	},
	"properties_sync_localities": {
		table:  "properties",
		paused: "placesAndTextsStep counts every neighbourhood's active listings",
	},
	"properties_sync_search_text": {
		table:  "properties",
		paused: "placesAndTextsStep writes every active listing's search text, then builds their trigram index",
	},
	"reviews_sync_property_rating": {
		table:  "reviews",
		paused: "countStarsStep counts the properties' stars, verified reviews and praises from their reviews (review_tallies)",
	},
	"reviews_label_new": {
		table: "reviews",
		accounted: "BEFORE INSERT: one primary-key read of the property's address (the review's stamp) and one probe of the " +
			"author's verified tenancy at the property (tenant_verifications_one_open), and writes no other row, the same cost for every row",
	},
	"properties_mark_reviews_elsewhere": {
		table: "properties",
		accounted: "AFTER UPDATE of the address columns, and only when the address changes: of the builders' listings only " +
			"those benchPlaces renames, one update of their own reviews each (which benchPlaces then stamps with the new address)",
	},
	"cities_drop_empty": {
		table: "cities",
		accounted: "deferred AFTER INSERT, only for a row inserted at zero (a lock step's, LockCityCounts): placesAndTextsStep " +
			"loads each city with the count of its active listings, never zero",
	},
	"localities_drop_empty": {
		table: "localities",
		accounted: "deferred AFTER INSERT, only for a row inserted at zero (a lock step's, LockLocalityCounts): placesAndTextsStep " +
			"loads each neighbourhood with the count of its active listings, never zero",
	},
	"users_refuse_delete": {
		table:     "users",
		accounted: "BEFORE DELETE: the builders load users with INSERT and clear them with TRUNCATE, which fires no row trigger",
	},
	"sessions_refuse_barred_accounts": {
		table:     "sessions",
		accounted: "BEFORE INSERT: one probe of the account's row (suspended or closed) and writes no row, the same cost for every session",
	},
	"reviews_reveal_partner": {
		table:     "reviews",
		accounted: "fires only for a verified landlord's or tenant's review of a tenancy, which the builders load none of",
	},
	"reviews_log_label_insert": {
		table:     "reviews",
		accounted: "fires only for a verified review, one row of its own in review_label_changes",
	},
	"reviews_log_label_update": {
		table:     "reviews",
		accounted: "fires only when a review's label changes, one row of its own in review_label_changes",
	},
	"tenant_verifications_stamp_address": {
		table: "tenant_verifications",
		accounted: "BEFORE INSERT: copies the row's own property's address into it (one primary-key read) and writes no " +
			"other row, the same cost for every row",
	},
	"tenant_verifications_log_insert": {
		table:     "tenant_verifications",
		accounted: "AFTER INSERT: one row of its own in tenancy_events, the same cost for every row",
	},
	"tenant_verifications_log_update": {
		table:     "tenant_verifications",
		accounted: "fires only when a claim's status or stage changes, one row of its own in tenancy_events",
	},
	"tenant_verifications_relabel": {
		table:     "tenant_verifications",
		accounted: "fires only when a tenancy enters or leaves approved, relabelling its own holder's reviews",
	},
	"verification_requests_stamp_address": {
		table: "verification_requests",
		accounted: "BEFORE INSERT: copies the row's own property's address into it (one primary-key read) and writes no " +
			"other row, the same cost for every row (the ledger set's 60,000 requests)",
	},
}

// pauseTriggers turns off the named triggers for a bulk load; each must be declared in
// bulkTriggers with how its work is redone.
func pauseTriggers(names ...string) step {
	return triggerStep("pause", "DISABLE", names)
}

// resumeTriggers turns the named triggers on again.
func resumeTriggers(names ...string) step {
	return triggerStep("resume", "ENABLE", names)
}

func triggerStep(verb, action string, names []string) step {
	statements := make([]string, len(names))
	for i, name := range names {
		t, ok := bulkTriggers[name]
		if !ok || t.paused == "" {
			panic(fmt.Sprintf("%s %s: declare it in bulkTriggers with how the builder redoes its work", verb, name))
		}
		statements[i] = fmt.Sprintf("ALTER TABLE %s %s TRIGGER %s", t.table, action, name)
	}
	return step{fmt.Sprintf("%s %s", verb, strings.Join(names, ", ")), strings.Join(statements, ";\n")}
}
