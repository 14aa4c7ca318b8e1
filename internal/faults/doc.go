// Package faults holds the tests of RentProof under database faults: latency, cut connections,
// an outage and a restart of PostgreSQL, under a mixed load of reads and writes over the public
// API, with the writes clients saw acknowledged checked in the database afterwards
// (docs/reliability.md, Faults). It has no code of its own beside its tests.
package faults
