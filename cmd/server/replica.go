package main

import (
	"log/slog"
	"os"

	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/store"
)

// withReplica adds the pools of DATABASE_REPLICA_URL, a PostgreSQL streaming replica of
// DATABASE_URL, to opts (unset: none, every read on the primary), and returns the function that
// closes them. The server starts whether the replica answers or not.
func withReplica(opts server.Options) (server.Options, func(), error) {
	url := os.Getenv("DATABASE_REPLICA_URL")
	if url == "" {
		return opts, func() {}, nil
	}
	pools, err := store.OpenReplica(url)
	if err != nil {
		return opts, nil, err
	}
	slog.Info("public reads go to the read replica", "host", pools.Pool.Config().ConnConfig.Host)
	opts.Replica, opts.ReplicaFixedPlans, opts.ReplicaCustomPlans = pools.Pool, pools.FixedPlans, pools.CustomPlans
	return opts, pools.Close, nil
}
