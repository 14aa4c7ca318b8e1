// Package migrations embeds the dbmate migrations, the only source of the database schema.
package migrations

import "embed"

// FS holds every migration file; dbmate applies them in name order.
//
//go:embed *.sql
var FS embed.FS
