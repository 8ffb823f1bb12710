package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/boilernet/boilernet/methods/defaultmodel"
)

// runVersion prints the build (module version, commit, Go) and what the
// embedded model is (networks, features, seeds, training data), so that a
// bug report can say which program and which model it used.
func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	version, commit := "(devel)", ""
	// commit is " commit REV TIME [(modified)]" when the build knows it.
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
		settings := map[string]string{}
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
		if rev := settings["vcs.revision"]; rev != "" {
			commit = " commit " + rev[:min(12, len(rev))]
			if t := settings["vcs.time"]; t != "" {
				commit += " " + t
			}
			if settings["vcs.modified"] == "true" {
				commit += " (modified)"
			}
		}
	}
	md, err := defaultmodel.Load()
	if err != nil {
		return err
	}
	nets := md.Nets()
	var seeds []string
	for _, n := range nets {
		seeds = append(seeds, n.Meta["seed"])
	}
	meta := nets[0].Meta
	var data []string
	for _, d := range strings.Split(meta["data"], ",") {
		if d != "" {
			data = append(data, filepath.Base(d))
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{
			"version": version, "commit": strings.TrimSpace(commit), "go": runtime.Version(), "platform": runtime.GOOS + "/" + runtime.GOARCH,
			"model": map[string]any{"networks": len(nets), "seeds": seeds, "features": nets[0].Vocab.Features.String(),
				"hidden": nets[0].Config.Hidden, "data": data, "sha256": defaultmodel.Sum()},
		})
	}
	fmt.Fprintf(stdout, "boilernet %s%s, %s %s/%s\n", version, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "embedded model: %d network(s) averaged (seeds %s), features %s, hidden %d, trained on %s; sha256 %s\n",
		len(nets), strings.Join(seeds, ", "), nets[0].Vocab.Features, nets[0].Config.Hidden, strings.Join(data, ", "), defaultmodel.Sum()[:16])
	return nil
}
