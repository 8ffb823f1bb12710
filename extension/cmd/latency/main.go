// Command latency measures the extension's WebAssembly module against the
// native extractor on shared test pages, and checks that they agree:
//
//	cd extension && go run ./cmd/latency [-n 50] [-data ../../shared/data] [-o report.json]
//
// It takes the first n test pages of WCXB and of Dragnet (their test.txt
// splits) and
//
//  1. times the module per page in headless Chromium, in a dedicated worker
//     as the extension runs it (the page's HTML decoded to a string, as a
//     browser has it), after a warm-up;
//  2. times the native extractor in this process on the same strings, with
//     the same options and the same JSON answer (api.Extract);
//  3. runs the CLI, `boilernet extract -workers 1 -format jsonl -q`, on the
//     page files, timing the whole run (a run of one page gives its start-up
//     cost);
//  4. loads each page in Chromium (its bytes as stored, its inline scripts
//     allowed unless -scripts=false, nothing else loaded: the page's CSP
//     forbids it and there is no network), clicks the extension, and counts
//     how its kept blocks map to the live page's text nodes.
//
// Texts are compared: the module's with the CLI's for the same page, and
// the extension's on a live page with the native extraction of the HTML it
// serialized.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/boilernet/boilernet/extension"
	"github.com/boilernet/boilernet/extension/internal/chromium"
	"github.com/boilernet/boilernet/infer"
)

func main() {
	n := flag.Int("n", 50, "test pages of each dataset")
	data := flag.String("data", "../../shared/data", "the shared datasets' directory")
	out := flag.String("o", "", "write every page's figures to this JSON file")
	live := flag.Bool("live", true, "also load each page in Chromium and run the extension on it")
	scripts := flag.Bool("scripts", true, "with -live, let the pages run their inline scripts")
	flag.Parse()
	log.SetFlags(0)

	pages, err := loadPages(*data, *n)
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "boilernet-latency-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	ctx := context.Background()
	built, err := extension.Build(ctx, filepath.Join(tmp, "extension"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("boilernet.wasm: %d bytes (%.1f MB), %d gzip-compressed (%.1f MB)\n",
		built.WasmBytes, float64(built.WasmBytes)/1e6, built.WasmGzip, float64(built.WasmGzip)/1e6)
	fmt.Printf("%d pages: %d WCXB, %d Dragnet test pages\n\n", len(pages), countSet(pages, "wcxb"), countSet(pages, "dragnet"))

	ex, err := infer.Default()
	if err != nil {
		log.Fatal(err)
	}
	native := timeNative(ex, pages)
	cli, err := runCLI(pages, tmp)
	if err != nil {
		log.Fatal(err)
	}
	b, err := chromium.Start(chromium.Options{Extension: built.Dir, UserDataDir: filepath.Join(tmp, "profile")})
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close()
	wasm, err := timeWasm(b.Ctx, built.Dir, pages)
	if err != nil {
		log.Fatal(err)
	}
	var onPage []liveResult
	if *live {
		onPage = runLive(b, ex, pages, *scripts)
	}

	rep := report(pages, native, wasm, cli, onPage)
	if *out != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

func countSet(pages []page, set string) int {
	n := 0
	for _, p := range pages {
		if p.Set == set {
			n++
		}
	}
	return n
}

// since is the time since start in milliseconds.
func since(start time.Time) float64 { return float64(time.Since(start).Microseconds()) / 1000 }
