package extension

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// The WebAssembly build needs every package it imports to compile for
// GOOS=js, and package infer opens the files of a batch with
// syscall.O_NONBLOCK, which js does not define (js has no FIFOs for it to
// matter). Until infer takes the flag from a per-OS file, the build
// retries with a go build -overlay in which each file of a failing package
// that uses the name has it replaced by 0 (no flag): the files on disk are
// left as they are, and once infer builds for js the overlay is not used.

// nonblock is the one name the overlay replaces.
const nonblock = "syscall.O_NONBLOCK"

// failedPackage matches the "# import/path" lines of go build's output.
var failedPackage = regexp.MustCompile(`(?m)^# (\S+)$`)

// jsOverlay returns the path of an overlay file for the packages whose
// failure in msg (go build's output) is the missing syscall.O_NONBLOCK,
// and a note saying what it patched; "" when msg shows no such failure.
// The caller removes the overlay's directory.
func jsOverlay(msg string) (overlay, note string, err error) {
	if !strings.Contains(msg, "undefined: "+nonblock) {
		return "", "", nil
	}
	tmp, err := os.MkdirTemp("", "boilernet-overlay-")
	if err != nil {
		return "", "", err
	}
	replace := map[string]string{}
	var patched []string
	for _, m := range failedPackage.FindAllStringSubmatch(msg, -1) {
		files, err := goFiles(m[1])
		if err != nil {
			os.RemoveAll(tmp)
			return "", "", err
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				os.RemoveAll(tmp)
				return "", "", err
			}
			fixed, ok := patchNonblock(string(src))
			if !ok {
				continue
			}
			out := filepath.Join(tmp, fmt.Sprintf("%d-%s", len(replace), filepath.Base(f)))
			if err := os.WriteFile(out, []byte(fixed), 0o644); err != nil {
				os.RemoveAll(tmp)
				return "", "", err
			}
			replace[f] = out
			patched = append(patched, m[1]+"/"+filepath.Base(f))
		}
	}
	if len(replace) == 0 {
		os.RemoveAll(tmp)
		return "", "", nil
	}
	b, _ := json.Marshal(map[string]any{"Replace": replace})
	overlay = filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlay, b, 0o644); err != nil {
		os.RemoveAll(tmp)
		return "", "", err
	}
	return overlay, "an overlay of " + strings.Join(patched, ", ") + " without " + nonblock + " (undefined for js)", nil
}

// patchNonblock replaces syscall.O_NONBLOCK by 0 in a Go source file, and
// the syscall import by a blank one when nothing else of syscall is used.
func patchNonblock(src string) (string, bool) {
	if !strings.Contains(src, nonblock) {
		return src, false
	}
	src = strings.ReplaceAll(src, nonblock, "0")
	if !strings.Contains(src, "syscall.") {
		src = strings.Replace(src, "\t\"syscall\"\n", "\t_ \"syscall\"\n", 1)
		src = strings.Replace(src, "import \"syscall\"\n", "import _ \"syscall\"\n", 1)
	}
	return src, true
}

// goFiles lists the Go files of a package as built for js/wasm, with
// their directory.
func goFiles(pkg string) ([]string, error) {
	cmd := exec.CommandContext(context.Background(), "go", "list", "-e", "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}`, "--", pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %w", pkg, err)
	}
	var files []string
	for _, line := range strings.Split(string(out), "\n") {
		if line != "" {
			files = append(files, line)
		}
	}
	return files, nil
}
