// Package extension builds BoilerNet's browser extension: a Chromium
// (Manifest V3) extension that extracts the main content of the current
// page with the default model compiled to WebAssembly, in the browser, and
// highlights it on the live page.
//
// Build writes the unpacked extension to a directory: the static files of
// chrome/ (manifest, service worker, offscreen document, worker, content
// scripts, options page), the icons, boilernet.wasm (the module of
// ./wasm, built with GOOS=js GOARCH=wasm) and the toolchain's
// wasm_exec.js. `go run ./cmd/build` runs it; docs/extension.md tells the
// rest.
package extension

import (
	"bytes"
	"compress/gzip"
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed chrome
var static embed.FS

// WasmPackage is the import path of the WebAssembly module's main package.
const WasmPackage = "github.com/boilernet/boilernet/extension/wasm"

// Built describes a built extension.
type Built struct {
	Dir       string // the unpacked extension
	WasmBytes int64  // boilernet.wasm's size
	WasmGzip  int64  // its size gzip-compressed (-9), as a server would send it
}

// Build writes the unpacked extension to dir, creating it. The go command
// runs in the current directory, which must be inside the extension module
// (or a module that requires it).
func Build(ctx context.Context, dir string) (*Built, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := copyStatic(dir); err != nil {
		return nil, err
	}
	if err := writeIcons(dir); err != nil {
		return nil, err
	}
	if err := copyWasmExec(ctx, dir); err != nil {
		return nil, err
	}
	wasm := filepath.Join(dir, "boilernet.wasm")
	if err := buildWasm(ctx, wasm); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	return &Built{Dir: dir, WasmBytes: int64(len(raw)), WasmGzip: int64(gz.Len())}, nil
}

// copyStatic writes the embedded chrome/ files to dir.
func copyStatic(dir string) error {
	return fs.WalkDir(static, "chrome", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		out := filepath.Join(dir, strings.TrimPrefix(path, "chrome"))
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		b, err := static.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
}

// copyWasmExec copies the Go toolchain's JavaScript support file, which
// must match the compiler that built the module.
func copyWasmExec(ctx context.Context, dir string) error {
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(out))
	for _, rel := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err == nil {
			return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), b, 0o644)
		}
	}
	return fmt.Errorf("wasm_exec.js not found under %s (lib/wasm or misc/wasm)", root)
}

// buildWasm compiles the module to out, small: no symbol table or DWARF,
// no local paths.
func buildWasm(ctx context.Context, out string) error {
	msg, err := goBuild(ctx, []string{"build", "-trimpath", "-ldflags=-s -w", "-o", out, WasmPackage})
	if err != nil {
		return fmt.Errorf("building %s for js/wasm: %v\n%s", WasmPackage, err, msg)
	}
	return nil
}

// goBuild runs the go command for GOOS=js GOARCH=wasm and returns its
// output.
func goBuild(ctx context.Context, args []string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	return string(out), err
}
