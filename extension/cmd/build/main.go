// Command build writes BoilerNet's unpacked browser extension to a
// directory (dist/ by default), to load in Chromium as an unpacked
// extension:
//
//	cd extension && go run ./cmd/build [-o DIR]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/boilernet/boilernet/extension"
)

func main() {
	out := flag.String("o", "dist", "the directory to write the unpacked extension to")
	flag.Parse()
	b, err := extension.Build(context.Background(), *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
	fmt.Printf("%s: boilernet.wasm %.1f MB (%.1f MB gzip-compressed)\n", b.Dir, float64(b.WasmBytes)/1e6, float64(b.WasmGzip)/1e6)
	fmt.Println("load it at chrome://extensions (developer mode, Load unpacked)")
}
