package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// peerDir holds the peer the issue measures the server against, kept as it was given: the same
// city search written the way a Node team would (Express + node-postgres, one worker per core,
// the server's statement prepared on a pool of 16). If the server's statement for this search
// changes, the peer's must change with it.
const peerDir = "tools/peers/express"

// errNoNode says the peer was not measured because Node is not installed.
var errNoNode = errors.New("node and npm are not installed: the Express peer is not measured")

// peerCeiling measures the peer's search ceiling the way ceiling measures the server's (wrk, 16
// connections, the same path), installing its npm packages the first time.
func peerCeiling(ctx context.Context, dbURL, city string, d time.Duration) (ceilingResult, error) {
	node, errNode := exec.LookPath("node")
	npm, errNpm := exec.LookPath("npm")
	if errNode != nil || errNpm != nil {
		return ceilingResult{}, errNoNode
	}
	if _, err := os.Stat(filepath.Join(peerDir, "node_modules", ".package-lock.json")); err != nil {
		install := exec.CommandContext(ctx, npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
		install.Dir = peerDir
		if out, err := install.CombinedOutput(); err != nil {
			return ceilingResult{}, fmt.Errorf("npm ci in %s: %w\n%s", peerDir, err, out)
		}
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return ceilingResult{}, err
	}
	_, port, err := net.SplitHostPort(ln.Addr().String())
	ln.Close()
	if err != nil {
		return ceilingResult{}, err
	}

	cmd := exec.CommandContext(ctx, node, "server.js")
	cmd.Dir = peerDir
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "PORT="+port)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its workers are stopped with it
	if err := cmd.Start(); err != nil {
		return ceilingResult{}, err
	}
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		_ = cmd.Wait()
	}()
	search := "http://127.0.0.1:" + port + "/api/properties?sortBy=highestRated&city=" + url.QueryEscape(city)
	if err := awaitOK(ctx, search, 30*time.Second); err != nil {
		return ceilingResult{}, fmt.Errorf("the Express peer: %w", err)
	}
	return ceiling(ctx, search, d)
}

// awaitOK waits until a GET of u answers 200.
func awaitOK(ctx context.Context, u string, patience time.Duration) error {
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, http.NoBody)
		if err != nil {
			return err
		}
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("%s did not answer 200 within %s", u, patience)
}
