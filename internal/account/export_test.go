package account

// Work returns how many argon2id runs, link tokens and link emails recovery has taken so far in
// this process: a test that compares them must not run beside others (no t.Parallel).
func Work() (argon2, tokens, emails int64) {
	return secretWork.argon2.Load(), secretWork.tokens.Load(), secretWork.emails.Load()
}
