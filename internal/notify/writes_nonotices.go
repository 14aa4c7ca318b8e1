//go:build nonotices

package notify

// writesNotices: this build writes no notification and no email (see writes.go).
const writesNotices = false
