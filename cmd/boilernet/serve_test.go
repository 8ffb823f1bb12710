package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"16MiB", 16 << 20, true}, {"512", 512, true}, {"64k", 64 << 10, true}, {"1GB", 1 << 30, true}, {"2 MiB", 2 << 20, true},
		{"", 0, false}, {"MiB", 0, false}, {"-1", 0, false}, {"0", 0, false}, {"12TiB", 0, false}, {"1.5MiB", 0, false},
		{"8589934592GiB", 0, false}, {"9223372036854775807", 1<<63 - 1, true}, {"9223372036854775807k", 0, false},
	} {
		got, err := parseSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestServeUsage(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "-max-body", "lots"}, `-max-body: bad size "lots"`},
		{[]string{"serve", "-model", "testdata/none.model"}, "no such file"},
		{[]string{"serve", "-addr", "256.0.0.1:x"}, "boilernet serve:"},
		{[]string{"serve", "-read-timeout", "0s"}, "-read-timeout 0s: must be > 0"},
		{[]string{"serve", "-idle-timeout", "-1s"}, "-idle-timeout -1s: must be > 0"},
		{[]string{"serve", "-timeout", "0"}, "-timeout 0s: must be > 0"},
		{[]string{"serve", "-timeout", "30s", "-write-timeout", "10s"}, "-write-timeout 10s: must be more than -timeout (30s)"},
		{[]string{"serve", "-memory-budget", "8MiB"}, "-memory-budget 8MiB: less than -max-body (16MiB), so a body of unknown length would never fit"},
		{[]string{"serve", "-max-body", "1MiB", "-memory-budget", "1023KiB"}, "-memory-budget 1023KiB: less than -max-body (1MiB)"},
		{[]string{"serve", "-memory-budget", "lots"}, `-memory-budget: bad size "lots"`},
		{[]string{"serve", "-queue", "9223372036854775807"}, "-queue 9223372036854775807: must be from -1 to 65536"},
		{[]string{"serve", "-queue", "-2"}, "-queue -2: must be from -1 to 65536"},
		{[]string{"serve", "-workers", "100000"}, "-workers 100000: must be from 0 to 256"},
		{[]string{"serve", "-max-body", "8589934592GiB"}, `-max-body: bad size "8589934592GiB": too large`},
		{[]string{"serve", "-max-body", "2GiB"}, "-max-body 2GiB: must be at most 1GiB"},
		{[]string{"serve", "-memory-budget", "9223372036854775807GiB"}, "-memory-budget: bad size"},
		{[]string{"serve", "-upload-stall", "0s"}, "-upload-stall 0s: must be > 0"},
		{[]string{"serve", "-host", "a/b"}, `bad host "a/b"`},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(tt.args, &stdout, &stderr); status == 0 || !bytes.Contains(stderr.Bytes(), []byte(tt.stderr)) {
			t.Errorf("%v: status %d, stderr %q, want %q", tt.args, status, stderr.String(), tt.stderr)
		}
	}
}

// TestServeToken starts boilernet serve with BOILERNET_TOKEN set, and with
// -token too (the flag wins): every /v1/ call needs the header
// Authorization: Bearer with the token (401 otherwise), the health check
// does not. The server stops gracefully on SIGTERM.
func TestServeToken(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	for _, tt := range []struct {
		name, env, flag, token string
	}{
		{"environment", "env-s3cret", "", "env-s3cret"},
		{"flag over environment", "env-s3cret", "flag-s3cret", "flag-s3cret"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"serve", "-addr", "127.0.0.1:0", "-no-fetch", "-workers", "1"}
			if tt.flag != "" {
				args = append(args, "-token", tt.flag)
			}
			base := startServe(t, []string{"BOILERNET_TOKEN=" + tt.env}, args...)
			for _, c := range []struct {
				path, auth string
				status     int
			}{
				{"/healthz", "", 200},
				{"/v1/info", "", 401},
				{"/v1/info", "Bearer wrong", 401},
				{"/v1/info", "Bearer env-s3cret", map[bool]int{true: 200, false: 401}[tt.token == "env-s3cret"]},
				{"/v1/info", "Bearer " + tt.token, 200},
				{"/v1/info", tt.token, 401}, // the token without its scheme
			} {
				req, err := http.NewRequest("GET", base+c.path, nil)
				if err != nil {
					t.Fatal(err)
				}
				if c.auth != "" {
					req.Header.Set("Authorization", c.auth)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != c.status {
					t.Errorf("GET %s with Authorization %q: %d, want %d: %s", c.path, c.auth, resp.StatusCode, c.status, body)
				}
				if resp.StatusCode == 401 && !strings.Contains(resp.Header.Get("WWW-Authenticate"), "Bearer") {
					t.Errorf("401 without WWW-Authenticate: Bearer: %v", resp.Header)
				}
			}
		})
	}
}

// startServe runs boilernet serve with args as a subprocess, with env
// added to its environment, and returns its base URL once it listens; the
// process gets SIGTERM when the test ends and must then exit 0.
func startServe(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := subprocess(t, args...)
	cmd.Env = append(cmd.Env, env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		serving := regexp.MustCompile(`msg=serving addr=(http://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := serving.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve after SIGTERM: %v", err)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Errorf("serve did not stop within 30s of SIGTERM")
		}
	})
	select {
	case a := <-addr:
		return a
	case err := <-done:
		t.Fatalf("serve exited before listening: %v\n%s", err, log.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not listen within 60s")
	}
	return ""
}

// TestServeHost: serve answers to its address, localhost and the names of
// -host (repeated or comma-separated), and refuses any other Host with
// 421 (DNS rebinding).
func TestServeHost(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	base := startServe(t, nil, "serve", "-addr", "127.0.0.1:0", "-no-fetch", "-workers", "1",
		"-host", "a.example, b.example:8080", "-host", "C.example")
	for _, c := range []struct {
		host   string
		status int
	}{
		{"", 200}, // the listen address
		{"localhost:1", 200},
		{"a.example", 200},
		{"b.example:9", 200},
		{"c.example.", 200},
		{"evil.example", 421},
		{"d.example", 421},
	} {
		req, err := http.NewRequest("GET", base+"/healthz", nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.host != "" {
			req.Host = c.host
		}
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("Host %q: %d, want %d: %s", c.host, resp.StatusCode, c.status, body)
		}
	}
}
