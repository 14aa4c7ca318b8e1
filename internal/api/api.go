// Package api is the Connect layer: one handler per service of the contract, each method
// unpacking its request, calling the domain and packing the answer. Handlers hold no rules and
// map no errors: the interceptors of internal/rpc map what the domains return, for every
// protocol alike.
package api
